// Read once by the build from the file SITE_CONFIG names (logoDark), then served as built.
export const dynamic = "force-static";
export { logoDarkResponse as GET } from "@/lib/config/site-assets";
