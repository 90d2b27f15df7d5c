import type { Gate } from "../http/concurrency-gate";
import { processMemo } from "../memo/process-memo.mjs";
import type { MemberCopy } from "./members";
import type { PasskeyStore } from "./passkeys/store";

/** The admin's part of the process (lib/memo); the login budgets' epoch is for tests. */
export const adminProcess = () =>
  processMemo("admin", () => ({
    passkeys: undefined as PasskeyStore | undefined,
    passwordGate: undefined as Gate | undefined,
    memberCopy: { entry: null, inflight: null } as MemberCopy,
    loginEpoch: 0,
    /** The store's last answers on stored two-factor, for when it cannot answer (lib/admin/two-factor.ts). */
    twoFactorKnown: { any: null as boolean | null, byEmail: new Map<string, boolean>() },
  }));
