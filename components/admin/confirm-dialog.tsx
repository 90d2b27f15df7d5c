"use client";

import { useEffect, useId, useRef } from "react";
import styles from "./admin.module.css";
import dialogStyles from "./confirm-dialog.module.css";
import { useAdminText } from "./words";

/**
 * A modal confirmation on the native <dialog>: focus moves into it, Escape cancels, and
 * focus returns to the button that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useAdminText();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={dialogStyles.dialog}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div>{children}</div>
      <div className={styles.actions} style={{ marginTop: "1.25rem" }}>
        <button type="button" className={styles.buttonDangerSolid} onClick={onConfirm} disabled={busy}>
          {busy ? t("admin.confirm.working") : confirmLabel}
        </button>
        <button type="button" className={styles.button} onClick={onCancel} disabled={busy} autoFocus>
          {t("admin.confirm.cancel")}
        </button>
      </div>
    </dialog>
  );
}
