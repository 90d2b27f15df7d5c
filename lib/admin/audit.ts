import "server-only";
import { auditLog, captureLogLines } from "../observability/log.mjs";

// One line per admin write (kind "admin_audit", at every LOG_LEVEL but `silent`): never bodies,
// passwords, cookies or keys, and addresses masked, so the log ships anywhere.

export type AuditEntry = {
  actor: string;
  action: string;
  target: string;
  outcome: "ok" | "refused" | "failed" | "partial";
  /** Short machine-readable reason (an error code or status), never user input beyond the target. */
  detail?: string;
};

const ADDRESS = /([^\s,@]+)@([^\s,@]+)/g;

/** "alice@example.org" → "a…@example.org": enough to tell addresses apart, not to mail anyone. */
export function maskAddresses(text: string): string {
  return text.replace(ADDRESS, (_, local: string, domain: string) => `${local.slice(0, 1)}…@${domain}`);
}

export function audit(entry: AuditEntry): void {
  auditLog().info(
    { kind: "admin_audit", ...entry, target: maskAddresses(entry.target) },
    `admin ${entry.action}: ${entry.outcome}`,
  );
}

/** Tests capture the audit lines (JSON) here, other lines dropped meanwhile; `null` sends every line to stdout again. */
export function setAuditSink(next: ((line: string) => void) | null): void {
  captureLogLines(
    next &&
      ((line) => {
        if ((JSON.parse(line) as { kind?: unknown }).kind === "admin_audit") next(line);
      }),
  );
}
