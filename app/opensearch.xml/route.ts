import { openSearchResponse } from "@/lib/search/routes";

// Built once, then regenerated with the blog (its name is the search's short name).
export const dynamic = "force-static";

export function GET() {
  return openSearchResponse();
}
