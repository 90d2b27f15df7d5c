import { atomResponse } from "@/lib/blog/routes";

// Built once, then regenerated with the blog (ISR interval and tag come from the data layer).
export const dynamic = "force-static";

export function GET() {
  return atomResponse();
}
