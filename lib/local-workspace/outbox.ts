import { randomBytes } from "node:crypto";
import type { Db } from "./store";

/**
 * API decision 9: the local workspace sends no mail; it records what the service would send so
 * people and tests can follow verification and invitation links.
 */
export type EmailKind = "verification" | "invitation";

/** Records the email the service would send to `to`, with a fresh single-use token in its link. */
export function sendEmail(
  { db, workspaceId, now }: { db: Db; workspaceId: string; now: Date },
  email: { to: string; kind: EmailKind; subject: string; link: (token: string) => string },
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
  ).run(workspaceId, email.to, email.kind, email.subject, email.link(token), at);
}

/** Newest first; `to` matches case-insensitively (addresses are stored lower-case). */
export function listOutbox(db: Db, workspaceId: string, to?: string) {
  return db
    .prepare(
      `SELECT id, to_email AS "to", kind, subject, link, created_at FROM outbox
       WHERE workspace_id = ? AND (? IS NULL OR to_email = ?) ORDER BY id DESC`,
    )
    .all(workspaceId, to?.trim().toLowerCase() ?? null, to?.trim().toLowerCase() ?? null) as {
    id: number;
    to: string;
    kind: EmailKind;
    subject: string;
    link: string;
    created_at: string;
  }[];
}
