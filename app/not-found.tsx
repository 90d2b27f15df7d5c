import type { Metadata } from "next";
import Link from "next/link";
import { siteText } from "@/lib/config/text";

export function generateMetadata(): Metadata {
  return { title: siteText()("notFound.title"), robots: { index: false } };
}

// The root layout's fallback, serialised into every page's RSC payload, so tiny; readers get
// app/global-not-found.tsx or app/(site)/not-found.tsx instead.
export default function NotFound() {
  const t = siteText();
  return (
    <main id="main" className="container">
      <h1>{t("notFound.title")}</h1>
      <Link href="/" prefetch={false}>
        {t("notFound.home")}
      </Link>
    </main>
  );
}
