// Read once by the build from the file SITE_CONFIG names, then served as built.
export const dynamic = "force-static";
export { logoResponse as GET } from "@/lib/config/site-assets";
