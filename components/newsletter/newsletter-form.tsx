"use client";

import { usePathname } from "next/navigation";
import { useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { HONEYPOT_FIELD, type NewsletterResponseBody, type Tone } from "@/lib/newsletter/outcomes";
import type { NewsletterFormWords } from "./form-words";
import styles from "./newsletter-form.module.css";

type Status =
  { state: "idle" } | { state: "sending" } | { state: "done"; message: string; tone: Tone; invalid: boolean };

// True once React runs in the browser; false in the static HTML (no setState in an effect needed).
const subscribeNoop = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    subscribeNoop,
    () => true,
    () => false,
  );

/** Without JavaScript a plain POST redirected to the outcome's page, so no page carries every message; with it, JSON and a live region. */
export function NewsletterForm({
  words,
  variant = "footer",
  defaultEmail,
  initialError,
}: {
  words: NewsletterFormWords;
  variant?: "footer" | "page";
  /** What the reader typed, kept when a post without JavaScript was refused. */
  defaultEmail?: string;
  /** That refusal's message, shown in the live region from the start. */
  initialError?: { message: string; invalid: boolean };
}) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>(
    initialError ? { state: "done", tone: "error", ...initialError } : { state: "idle" },
  );
  const sending = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const page = variant === "page";
  const id = (part: string) => `${page ? "newsletter-page" : "newsletter"}-${part}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A ref, not state: a second click in the same frame must already see it.
    if (sending.current) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("email") ?? "").trim();
    if (!email) {
      setStatus({ state: "done", message: words.empty, tone: "error", invalid: true });
      inputRef.current?.focus();
      return;
    }
    sending.current = true;
    setStatus({ state: "sending" });
    try {
      const response = await fetch("/api/newsletter", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ email, [HONEYPOT_FIELD]: String(data.get(HONEYPOT_FIELD) ?? "") }),
      });
      const body = (await response.json().catch(() => null)) as NewsletterResponseBody | null;
      const message = body ? ("message" in body ? body.message : body.error) : undefined;
      const invalid = !response.ok && body?.outcome === "invalid";
      setStatus({
        state: "done",
        message: message ?? (response.ok ? words.subscribed : words.unavailable),
        tone: response.ok ? "success" : "error",
        invalid,
      });
      if (response.ok) form.reset();
      else if (invalid) inputRef.current?.focus();
    } catch {
      setStatus({ state: "done", message: words.offline, tone: "error", invalid: false });
    } finally {
      sending.current = false;
    }
  }

  const isSending = status.state === "sending";
  const invalid = status.state === "done" && status.invalid;

  return (
    <form
      action="/api/newsletter"
      method="post"
      onSubmit={onSubmit}
      // Once hydrated the handler explains problems itself, in the live region, in our words.
      noValidate={hydrated}
      aria-labelledby={page ? undefined : id("title")}
      className={`${styles.form} ${page ? styles.page : styles.footer}`}
      data-enhanced={hydrated ? "" : undefined}
    >
      {page ? null : (
        <p id={id("title")} className={styles.title}>
          {words.title}
        </p>
      )}
      <label htmlFor={id("email")} className={styles.label}>
        {page ? words.labelPage : words.label}
      </label>
      <p id={id("hint")} className={styles.hint}>
        {words.hint}
      </p>
      <div className={styles.row}>
        <input
          ref={inputRef}
          id={id("email")}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          placeholder={words.placeholder}
          defaultValue={defaultEmail}
          readOnly={isSending}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id("hint")} ${id("status")}`}
          className={styles.input}
        />
        <button type="submit" className={styles.button} aria-disabled={isSending || undefined}>
          {isSending ? words.sending : words.submit}
        </button>
      </div>

      {/* Hidden from people and assistive technology; a bot that fills it is quietly ignored. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={id(HONEYPOT_FIELD)}>{words.trap}</label>
        <input
          id={id(HONEYPOT_FIELD)}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <p
        id={id("status")}
        role="status"
        aria-live="polite"
        className={styles.status}
        data-tone={status.state === "done" ? status.tone : undefined}
      >
        {status.state === "sending" ? words.sending : status.state === "done" ? status.message : ""}
      </p>
    </form>
  );
}

/** One form per page: none in the footer under /newsletter, whose pages have their own (or, after a signup, none). */
export function OffNewsletterPages({ children }: { children: React.ReactNode }) {
  const path = usePathname();
  return path === "/newsletter" || path.startsWith("/newsletter/") ? null : children;
}
