import { useId, type ComponentProps, type ReactNode } from "react";
import Link from "next/link";
import { Rich } from "@/components/site/rich";
import styles from "./admin.module.css";
import { useAdminText } from "./words";

export type ActionStatus = { kind: "ok" | "error"; text: string } | null;

/** A field in the GOV.UK order (label, hint, error, control), so screen readers hear every form alike. */
export function Field({
  label,
  hint,
  error,
  multiline,
  options,
  ...input
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  multiline?: boolean;
  options?: readonly string[];
} & Omit<ComponentProps<"input">, "id">) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-err`].filter(Boolean).join(" ");
  const control = {
    ...input,
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described || undefined,
  };
  const suggest = options ? { list: `${id}-options`, autoComplete: "off", spellCheck: false } : {};
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {hint ? <Note id={`${id}-hint`} className={styles.hint} text={hint} /> : null}
      {error ? <Note id={`${id}-err`} className={styles.fieldError} text={error} /> : null}
      {multiline ? (
        <textarea {...(control as ComponentProps<"textarea">)} className={styles.textarea} />
      ) : (
        <input {...control} className={styles.input} {...suggest} />
      )}
      {options ? (
        <datalist id={`${id}-options`}>
          {options.map((o) => (
            <option key={o} value={o} />
          ))}
        </datalist>
      ) : null}
    </div>
  );
}

const Note = ({ id, className, text }: { id: string; className?: string; text: ReactNode }) => (
  <p id={id} className={className}>
    {text}
  </p>
);

/** The outcome of an action, next to its button: announced politely, or as an alert on failure. */
export function InlineStatus({ status }: { status: ActionStatus }) {
  return (
    <p
      className={styles.inlineStatus}
      data-kind={status?.kind}
      role={status?.kind === "error" ? "alert" : "status"}
    >
      {status?.text ?? ""}
    </p>
  );
}

export function Actions({ status, children }: { status: ActionStatus; children: ReactNode }) {
  return (
    <div className={styles.actions} style={{ marginBottom: "1rem" }}>
      {children}
      <InlineStatus status={status} />
    </div>
  );
}

/** A failure said at once, in place of what could not be shown. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <p className={styles.alert} role="alert">
      {children}
    </p>
  );
}

/** A live region present before its message, so a message appearing in it is announced. */
export function AlertRegion({ id, error }: { id?: string; error: string }) {
  return (
    <div id={id} role="alert" aria-live="assertive">
      {error ? <p className={styles.alert}>{error}</p> : null}
    </div>
  );
}

export function Card({
  title,
  lede,
  danger,
  children,
}: {
  title: string;
  lede?: ReactNode;
  danger?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={danger ? styles.cardDanger : styles.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {lede ? <p className={styles.muted}>{lede}</p> : null}
      {children}
    </section>
  );
}

const REAUTH_HREF = "/admin/login?reauth=1&next=%2Fadmin%2Faccount";

/** Why a change to how the admin signs in needs a fresh sign-in, with the link to give one. */
export function ReauthNote({ of, minutes }: { of: "passkeys" | "twoFactor"; minutes: number }) {
  const { t } = useAdminText();
  const link = <a href={REAUTH_HREF}>{t(`admin.${of}.reauthLink`)}</a>;
  return (
    <p className={styles.info}>
      <Rich text={t(`admin.${of}.reauth`, { minutes })} slots={{ link }} />
    </p>
  );
}

/** A button posting a plain form to `action`: it works without JavaScript too. */
export function PostButton({
  action,
  className = styles.button,
  children,
}: {
  action: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action={action}>
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}

export function BackLink({ text }: { text: string }) {
  return (
    <p className={styles.small}>
      <Link href="/admin/members">{text}</Link>
    </p>
  );
}

/** A button in one of the admin's looks; a plain button unless `type` makes it a form's submit. */
export function Button({
  look = "button",
  type = "button",
  ...props
}: { look?: "button" | "buttonPrimary" | "buttonDanger" | "buttonDangerSolid" | "linkButton" } & Omit<
  ComponentProps<"button">,
  "className"
>) {
  return <button type={type === "submit" ? "submit" : "button"} className={styles[look]} {...props} />;
}
