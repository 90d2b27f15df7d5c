import { refuseEveryMethod } from "@/lib/http/json-response";
import { LOCAL_MODE_OFF_LOOPBACK } from "@/lib/config/local-mode";

// Where a local-mode request from off this machine lands, whatever its path; answered per request.
export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = refuseEveryMethod(
  403,
  LOCAL_MODE_OFF_LOOPBACK,
);
