import { NewsletterForm } from "@/components/newsletter/newsletter-form";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";

export default function SiteLayout({ children }: { children: React.ReactNode }) {
  const siteName = "Masthead";
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader siteName={siteName} />
      <main id="main">{children}</main>
      <SiteFooter siteName={siteName} newsletter={<NewsletterForm />} />
    </>
  );
}
