import "server-only";

/*
 * One structured line per admin write: who, what, target, outcome. Never bodies,
 * passwords, cookies or keys, so the log can be shipped anywhere.
 */

export type AuditEntry = {
  actor: string;
  action: string;
  target: string;
  outcome: "ok" | "refused" | "failed" | "partial";
  /** Short machine-readable reason (an error code or status), never user input beyond the target. */
  detail?: string;
};

type Sink = (line: string) => void;
let sink: Sink = (line) => console.info(line);

/** Tests capture the lines here. */
export function setAuditSink(next: Sink | null): void {
  sink = next ?? ((line) => console.info(line));
}

export function audit(entry: AuditEntry): void {
  sink(JSON.stringify({ at: new Date().toISOString(), kind: "admin_audit", ...entry }));
}
