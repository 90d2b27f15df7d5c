"use client";

import { createContext, useContext, useMemo } from "react";
import { dateTimeFormatter, translator, type Translate, type Words } from "@/lib/i18n/translate";

type AdminText = { t: Translate; when: (moment: number | string) => string };

const Context = createContext<AdminText | null>(null);

/** The admin's phrases (only those) in the site's language, given once by the admin layout. */
export function AdminWords({ words, children }: { words: Words; children: React.ReactNode }) {
  const text = useMemo(
    () => ({ t: translator(words), when: dateTimeFormatter(words.language, words.timeZone) }),
    [words],
  );
  return <Context value={text}>{children}</Context>;
}

export function useAdminText(): AdminText {
  const text = useContext(Context);
  if (!text) throw new Error("useAdminText needs <AdminWords> above it (app/admin/layout.tsx).");
  return text;
}
