"use client";

import { useId, useRef } from "react";
import { Button } from "./ui";
import styles from "./admin.module.css";
import dialogStyles from "./confirm-dialog.module.css";
import { useAdminText } from "./words";

/** A button confirmed in a native modal <dialog> (focus in, Escape cancels, focus back), shut once `onConfirm` ends. */
export function ConfirmButton({
  label,
  ariaLabel,
  danger = true,
  disabled,
  title,
  confirmLabel,
  busy,
  onConfirm,
  children,
}: {
  label: string;
  ariaLabel?: string;
  danger?: boolean;
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
      <Button
        look={danger ? "buttonDanger" : "button"}
        onClick={() => ref.current?.showModal()}
        disabled={disabled || busy}
        aria-label={ariaLabel}
      >
        {label}
      </Button>
      <dialog
        ref={ref}
        className={dialogStyles.dialog}
        aria-labelledby={titleId}
        onCancel={(e) => busy && e.preventDefault()}
      >
        <h2 id={titleId}>{title}</h2>
        <div>{children}</div>
        <div className={styles.actions} style={{ marginTop: "1.25rem" }}>
          <Button look="buttonDangerSolid" onClick={() => void onConfirm().finally(close)} disabled={busy}>
            {busy ? t("admin.confirm.working") : confirmLabel}
          </Button>
          <Button onClick={close} disabled={busy} autoFocus>
            {t("admin.confirm.cancel")}
          </Button>
        </div>
      </dialog>
    </>
  );
}
