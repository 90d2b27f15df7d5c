import { randomBytes } from "node:crypto";
import type { Db } from "./store";

/** API decision 9: no mail is sent; it is recorded, its link ending in a fresh single-use token to follow. */
export function sendEmail(
  { db, workspaceId, now }: { db: Db; workspaceId: string; now: Date },
  email: { to: string; kind: "verification" | "invitation"; subject: string; link: string },
): void {
  const token = randomBytes(24).toString("base64url");
  const at = now.toISOString();
  db.prepare("INSERT INTO tokens (token, workspace_id, kind, email, created_at) VALUES (?, ?, ?, ?, ?)").run(
    token,
    workspaceId,
    email.kind,
    email.to,
    at,
  );
  db.prepare(
    "INSERT INTO outbox (workspace_id, to_email, kind, subject, link, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(workspaceId, email.to, email.kind, email.subject, email.link + token, at);
}
