import { refuseEveryMethod } from "@/lib/http/json-response";
import { LOCAL_MODE_OFF_LOOPBACK } from "@/lib/config/local-mode";

// Where the site's server sends a local-mode request from off this machine, whatever its path.

// Answered per request: never prerendered into the cache as a page.
export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = refuseEveryMethod(
  403,
  LOCAL_MODE_OFF_LOOPBACK,
);
