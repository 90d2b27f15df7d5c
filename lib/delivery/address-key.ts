import { createHash } from "node:crypto";

/*
 * One mailbox, however its address is written. Limits that protect an inbox (how many
 * confirmation emails it gets, one pending delivery at a time) must not be escaped by writing
 * the same mailbox another way, or `victim+1@…` … `victim+40@…` sends forty emails to one inbox:
 *  - case-folded: mail providers treat `Ana@` and `ana@` as one mailbox;
 *  - `+tag` removed: sub-addressing delivers `name+anything@` to `name@` at Gmail, Google
 *    Workspace, Outlook.com and Microsoft 365, iCloud, Fastmail, Proton Mail, Zoho and most
 *    self-hosted servers (Postfix and Exim default to `+`). Applied to every domain: where a
 *    `+` is a real part of the name, the two addresses only share these limits;
 *  - Gmail (gmail.com, googlemail.com) also ignores dots in the name.
 * Only the keys use this form; the workspace receives the address as the reader typed it.
 */
export function mailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let name = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = name.indexOf("+");
  if (plus > 0) name = name.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") name = name.replace(/\./g, "");
  return `${name}@${domain}`;
}

/**
 * One pending delivery per mailbox: the key is the mailbox, hashed so it can be a BullMQ job id
 * (no ':') and so Redis key listings do not show addresses.
 */
export function addressKey(email: string): string {
  return createHash("sha256").update(mailbox(email)).digest("hex");
}
