import type { Metadata } from "next";
import { adminWords, siteText } from "@/lib/config/text";
import { siteName } from "@/lib/blog/site-name";
import { AdminWords } from "@/components/admin/words";

export async function generateMetadata(): Promise<Metadata> {
  const suffix = `${siteText()("admin.title")} · ${await siteName()}`;
  return {
    title: { default: suffix, template: `%s · ${suffix}` },
    robots: { index: false, follow: false },
  };
}

// Every admin page reads the session cookie: never prerendered, never cached.
export const dynamic = "force-dynamic";

export default function AdminRootLayout({ children }: { children: React.ReactNode }) {
  return <AdminWords words={adminWords()}>{children}</AdminWords>;
}
