"use client";

import { useId, useRef } from "react";
import styles from "./admin.module.css";
import dialogStyles from "./confirm-dialog.module.css";
import { useAdminText } from "./words";

/**
 * A button whose action is confirmed first, in a modal on the native <dialog>: focus moves into
 * it, Escape cancels, and focus returns to the button that opened it. The dialog closes once
 * `onConfirm` has finished.
 */
export function ConfirmButton({
  label,
  ariaLabel,
  className = styles.buttonDanger,
  disabled,
  title,
  confirmLabel,
  busy,
  onConfirm,
  children,
}: {
  label: string;
  ariaLabel?: string;
  className?: string;
  disabled?: boolean;
  title: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => Promise<unknown>;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = () => ref.current?.close();
  const titleId = useId();
  const { t } = useAdminText();

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => ref.current?.showModal()}
        disabled={disabled || busy}
        aria-label={ariaLabel}
      >
        {label}
      </button>
      <dialog
        ref={ref}
        className={dialogStyles.dialog}
        aria-labelledby={titleId}
        onCancel={(e) => busy && e.preventDefault()}
      >
        <h2 id={titleId}>{title}</h2>
        <div>{children}</div>
        <div className={styles.actions} style={{ marginTop: "1.25rem" }}>
          <button
            type="button"
            className={styles.buttonDangerSolid}
            onClick={() => void onConfirm().finally(close)}
            disabled={busy}
          >
            {busy ? t("admin.confirm.working") : confirmLabel}
          </button>
          <button type="button" className={styles.button} onClick={close} disabled={busy} autoFocus>
            {t("admin.confirm.cancel")}
          </button>
        </div>
      </dialog>
    </>
  );
}
