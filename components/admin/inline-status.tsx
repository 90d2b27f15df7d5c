import type { ActionStatus } from "./use-api-action";
import styles from "./admin.module.css";

/** The outcome of an action, next to its button: announced politely, or as an alert on failure. */
export function InlineStatus({ status, id }: { status: ActionStatus; id?: string }) {
  return (
    <p
      id={id}
      className={styles.inlineStatus}
      data-kind={status?.kind}
      role={status?.kind === "error" ? "alert" : "status"}
    >
      {status?.text ?? ""}
    </p>
  );
}
