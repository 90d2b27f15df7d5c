import "server-only";
import { randomBytes } from "node:crypto";
import { firstUse, sharedCache } from "../../state";
import { budget } from "../../state/budget";

/*
 * WebAuthn challenges: random, kept through lib/state (Redis when configured, so a challenge
 * issued by one instance is answered on another), valid CHALLENGE_SECONDS and used once: a
 * claim (SET NX on Redis) marks it spent before its answer is judged, so a replayed answer, or
 * two at once, cannot both pass. An enrolment's challenge is bound to the admin it was issued to.
 *
 * Sign-in challenges are asked for by strangers, so the store must not fill with them: past
 * SIGN_IN_CHALLENGES in a challenge's lifetime (two lifetimes stay below what the in-memory store
 * holds, lib/state/engine.ts), new ones are refused (ChallengesFull) and every live one stays
 * answerable, rather than the oldest being dropped.
 */

export const CHALLENGE_SECONDS = 2 * 60;
export const SIGN_IN_CHALLENGES = 4_000;

export class ChallengesFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("too many passkey sign-ins under way");
  }
}

const signInChallenges = () =>
  budget(
    "admin-passkey-challenges",
    { points: SIGN_IN_CHALLENGES, durationSeconds: CHALLENGE_SECONDS },
    { onStoreFailure: "refuse" },
  );

type Issued = { purpose: "sign-in" } | { purpose: "enrol"; email: string };

const issued = () => sharedCache<Issued>("admin-passkey-challenge", { ttlSeconds: CHALLENGE_SECONDS });
const spent = () => firstUse("admin-passkey-challenge-spent", { ttlSeconds: CHALLENGE_SECONDS });

/**
 * A fresh challenge for `purpose`: its bytes, kept by their base64url (as clientDataJSON echoes
 * them). Throws ChallengesFull when sign-in challenges are at their cap.
 */
export async function issueChallenge(purpose: Issued): Promise<Uint8Array<ArrayBuffer>> {
  if (purpose.purpose === "sign-in") {
    const taken = await signInChallenges().take("all");
    if (!taken.ok) throw new ChallengesFull(taken.wait);
  }
  const bytes = new Uint8Array(randomBytes(32));
  await issued().set(Buffer.from(bytes).toString("base64url"), purpose);
  return bytes;
}

/**
 * True once for a challenge this site issued for `purpose` within its lifetime; false when it is
 * unknown, expired, for another purpose or admin, or already used.
 */
export async function consumeChallenge(challenge: string, purpose: Issued): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(challenge)) return false;
  const found = await issued().get(challenge);
  if (!found || found.purpose !== purpose.purpose) return false;
  if (found.purpose === "enrol" && purpose.purpose === "enrol" && found.email !== purpose.email) return false;
  if (!(await spent().claim(challenge))) return false;
  await issued().delete(challenge);
  return true;
}
