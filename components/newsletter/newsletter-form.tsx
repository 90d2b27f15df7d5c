"use client";

import { useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import {
  HONEYPOT_FIELD,
  messageFor,
  toneFor,
  type FormId,
  type NewsletterOutcome,
  type NewsletterResponseBody,
  type Tone,
} from "@/lib/newsletter/outcomes";
import styles from "./newsletter-form.module.css";

type Status =
  { state: "idle" } | { state: "sending" } | { state: "done"; message: string; tone: Tone; invalid: boolean };

const OFFLINE_MESSAGE = "We couldn't reach the site. Check your connection and try again.";

function done(outcome: NewsletterOutcome): Status {
  return {
    state: "done",
    message: messageFor(outcome),
    tone: toneFor(outcome),
    invalid: outcome.kind === "invalid",
  };
}

// True once React runs in the browser; false in the static HTML (no setState in an effect needed).
const subscribeNoop = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    subscribeNoop,
    () => true,
    () => false,
  );

/**
 * The newsletter form. Without JavaScript it is a plain POST to /api/newsletter, which
 * redirects to the outcome's page (/newsletter/<outcome>), so no page carries every message.
 * With JavaScript it posts JSON, stays on the page and announces the outcome in a live region.
 */
export function NewsletterForm({
  formId = "newsletter",
  variant = "footer",
}: {
  formId?: FormId;
  variant?: "footer" | "page";
}) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const sending = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = (part: string) => `${formId}-${part}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A ref, not state: a second click in the same frame must already see it.
    if (sending.current) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("email") ?? "").trim();
    if (!email) {
      setStatus(done({ kind: "invalid", reason: "empty" }));
      inputRef.current?.focus();
      return;
    }
    sending.current = true;
    setStatus({ state: "sending" });
    try {
      const response = await fetch("/api/newsletter", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          email,
          [HONEYPOT_FIELD]: String(data.get(HONEYPOT_FIELD) ?? ""),
          form: formId,
        }),
      });
      const body = (await response.json().catch(() => null)) as NewsletterResponseBody | null;
      const message = body ? ("message" in body ? body.message : body.error) : undefined;
      if (response.ok) {
        setStatus({
          state: "done",
          message: message ?? messageFor({ kind: "subscribed" }),
          tone: "success",
          invalid: false,
        });
        form.reset();
      } else {
        const invalid = body?.outcome === "invalid";
        setStatus({
          state: "done",
          message: message ?? messageFor({ kind: "unavailable" }),
          tone: "error",
          invalid,
        });
        if (invalid) inputRef.current?.focus();
      }
    } catch {
      setStatus({ state: "done", message: OFFLINE_MESSAGE, tone: "error", invalid: false });
    } finally {
      sending.current = false;
    }
  }

  const isSending = status.state === "sending";
  const invalid = status.state === "done" && status.invalid;
  const page = variant === "page";

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
          Get new posts by email
        </p>
      )}
      <label htmlFor={id("email")} className={styles.label}>
        {page ? "Your email address" : "Email address"}
      </label>
      <p id={id("hint")} className={styles.hint}>
        One short email when something new is published. Unsubscribe from any email.
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
          placeholder="name@example.com"
          readOnly={isSending}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id("hint")} ${id("status")}`}
          className={styles.input}
        />
        <button type="submit" className={styles.button} aria-disabled={isSending || undefined}>
          {isSending ? "Subscribing…" : "Subscribe"}
        </button>
      </div>

      {/* Hidden from people and assistive technology; a bot that fills it is quietly ignored. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={id(HONEYPOT_FIELD)}>Leave this field empty</label>
        <input
          id={id(HONEYPOT_FIELD)}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <input type="hidden" name="form" value={formId} />

      <p
        id={id("status")}
        role="status"
        aria-live="polite"
        className={styles.status}
        data-tone={status.state === "done" ? status.tone : undefined}
      >
        {status.state === "sending" ? "Subscribing…" : status.state === "done" ? status.message : ""}
      </p>
    </form>
  );
}
