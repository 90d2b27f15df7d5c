import { createHash } from "node:crypto";

/**
 * One pending delivery per address: the key is the lowercased address, hashed so it can be a
 * BullMQ job id (no ':') and so Redis key listings do not show addresses.
 */
export function addressKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}
