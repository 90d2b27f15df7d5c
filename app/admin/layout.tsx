import type { Metadata } from "next";
import { siteName } from "@/lib/blog/site-name";

export async function generateMetadata(): Promise<Metadata> {
  return {
    title: { default: `Admin · ${await siteName()}`, template: `%s · Admin · ${await siteName()}` },
    robots: { index: false, follow: false },
  };
}

// Every admin page reads the session cookie: never prerendered, never cached.
export const dynamic = "force-dynamic";

// The admin area is in English whatever the site's language (SITE_CONFIG) puts on <html>.
export default function AdminRootLayout({ children }: { children: React.ReactNode }) {
  return (
    <div lang="en" style={{ display: "contents" }}>
      {children}
    </div>
  );
}
