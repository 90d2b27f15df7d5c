import "server-only";
import { translator, type Translate, type Words } from "../i18n";
import { env } from "./env";

let cached: { messages: unknown; t: Translate; admin: Words } | undefined;

function resolved() {
  const { messages } = env().site;
  if (cached?.messages !== messages) {
    const phrases = Object.fromEntries(
      Object.entries(messages.phrases).filter(([k]) => k.startsWith("admin.")),
    );
    cached = {
      messages,
      t: translator(messages),
      admin: { language: messages.language, timeZone: env().site.timeZone, phrases },
    };
  }
  return cached;
}

export function siteText(): Translate {
  return resolved().t;
}

/** What the admin's client components are given. */
export function adminWords(): Words {
  return resolved().admin;
}
