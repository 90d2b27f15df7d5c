import "server-only";
import { randomBytes } from "node:crypto";
import { firstUse, sharedCache } from "../../state";
import { budget } from "../../state/budget";

// WebAuthn challenges through lib/state, used once: claimed spent before the answer is judged, so a
// replay, or two at once, cannot both pass; an enrolment's is bound to its admin. Strangers ask for
// sign-in ones: past SIGN_IN_CHALLENGES per lifetime new ones are refused, so live ones stay answerable.

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

/** A fresh challenge for `purpose`, kept by its base64url (as clientDataJSON echoes it). */
export async function issueChallenge(purpose: Issued): Promise<Uint8Array<ArrayBuffer>> {
  if (purpose.purpose === "sign-in") {
    const taken = await signInChallenges().take("all");
    if (!taken.ok) throw new ChallengesFull(taken.wait);
  }
  const bytes = new Uint8Array(randomBytes(32));
  await issued().set(Buffer.from(bytes).toString("base64url"), purpose);
  return bytes;
}

/** True once for a live challenge this site issued for `purpose`. */
export async function consumeChallenge(challenge: string, purpose: Issued): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(challenge)) return false;
  const found = await issued().get(challenge);
  if (!found || found.purpose !== purpose.purpose) return false;
  if (found.purpose === "enrol" && purpose.purpose === "enrol" && found.email !== purpose.email) return false;
  if (!(await spent().claim(challenge))) return false;
  await issued().delete(challenge);
  return true;
}
