import { errorResponse } from "@/lib/http/json-response";

/*
 * Where every request for a server action lands (a `Next-Action` header: lib/http/request-shaping.ts
 * sends it here, whatever its path). Masthead has no server actions, so each is refused at once,
 * without reading its body and without Next's plain-text report of an unknown action id.
 */

// Answered per request: a GET here must not be prerendered into the cache as a page.
export const dynamic = "force-dynamic";

const refuse = () => errorResponse(404, "This site has no server actions.");

export const GET = refuse;
export const HEAD = refuse;
export const POST = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;
export const OPTIONS = refuse;
