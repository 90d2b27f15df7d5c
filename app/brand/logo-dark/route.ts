import { logoDarkResponse } from "@/lib/config/site-assets";

// Read once by the build from the file SITE_CONFIG names (logoDark), then served as built.
export const dynamic = "force-static";

export function GET() {
  return logoDarkResponse();
}
