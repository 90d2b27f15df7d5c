import { refuseEveryMethod } from "@/lib/http/json-response";

/*
 * Where every request for a server action lands (a `Next-Action` header: lib/http/request-shaping.ts
 * sends it here, whatever its path). Masthead has no server actions, so each is refused at once,
 * without reading its body and without Next's plain-text report of an unknown action id.
 */

// Answered per request: a GET here must not be prerendered into the cache as a page.
export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = refuseEveryMethod(
  404,
  "This site has no server actions.",
);
