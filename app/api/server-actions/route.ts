import { refuseEveryMethod } from "@/lib/http/json-response";

// Every server-action request lands here (lib/http/request-shaping.ts): Masthead has none. Answered
// per request: a GET here must not be prerendered into the cache as a page.
export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = refuseEveryMethod(
  404,
  "This site has no server actions.",
);
