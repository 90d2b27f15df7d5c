import { iconResponse } from "@/lib/config/site-assets";

// Read (or drawn in the accent) once by the build, then served as built.
export const dynamic = "force-static";

export function GET() {
  return iconResponse();
}
