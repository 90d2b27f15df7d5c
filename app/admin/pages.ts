import type { Metadata } from "next";
import { siteText } from "@/lib/config/text";
import type { MessageKey } from "@/lib/i18n";

/** An admin page's generateMetadata: its title in the site's language (the admin layout adds the rest). */
export const adminTitle = (key: MessageKey) => (): Metadata => ({ title: siteText()(key) });

export type QueryProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };
