import { randomBytes } from "node:crypto";
import type { Db } from "./store";

/**
 * API decision 9: the local workspace sends no mail; it records what the service would send so
 * people and tests can follow verification and invitation links.
 */
export type EmailKind = "verification" | "invitation";

export function createToken(db: Db, workspaceId: string, kind: EmailKind, email: string, now: Date): string {
  const token = randomBytes(24).toString("base64url");
  db.prepare("INSERT INTO tokens (token, workspace_id, kind, email, created_at) VALUES (?, ?, ?, ?, ?)").run(
    token,
    workspaceId,
    kind,
    email,
    now.toISOString(),
  );
  return token;
}

export function recordEmail(
  db: Db,
  email: { workspaceId: string; to: string; kind: EmailKind; subject: string; link: string; now: Date },
): void {
  db.prepare(
    "INSERT INTO outbox (workspace_id, to_email, kind, subject, link, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(email.workspaceId, email.to, email.kind, email.subject, email.link, email.now.toISOString());
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
