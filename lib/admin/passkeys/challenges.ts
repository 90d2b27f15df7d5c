import "server-only";
import { randomBytes } from "node:crypto";
import { firstUse, sharedCache } from "../../state";

/*
 * WebAuthn challenges: random, kept through lib/state (Redis when configured, so a challenge
 * issued by one instance is answered on another), valid CHALLENGE_SECONDS and used once: a
 * claim (SET NX on Redis) marks it spent before its answer is judged, so a replayed answer, or
 * two at once, cannot both pass. An enrolment's challenge is bound to the admin it was issued to.
 */

export const CHALLENGE_SECONDS = 2 * 60;

type Issued = { purpose: "sign-in" } | { purpose: "enrol"; email: string };

const issued = () => sharedCache<Issued>("admin-passkey-challenge", { ttlSeconds: CHALLENGE_SECONDS });
const spent = () => firstUse("admin-passkey-challenge-spent", { ttlSeconds: CHALLENGE_SECONDS });

/** A fresh challenge for `purpose`: its bytes, kept by their base64url (as clientDataJSON echoes them). */
export async function issueChallenge(purpose: Issued): Promise<Uint8Array<ArrayBuffer>> {
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
