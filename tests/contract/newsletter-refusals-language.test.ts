import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { stampPeerAddress } from "@/lib/http/client-key";
import { de } from "@/lib/i18n/de";
import { en } from "@/lib/i18n/en";
import type { MessageKey } from "@/lib/i18n";
import { localWorkspaceForSuite, pointAppAtWorkspace } from "../helpers/workspace-fixture";

/*
 * Every refusal of POST /api/newsletter about the request itself (its method, origin, content
 * type, size, body) answers in the site's language: the form shows the `error` it gets. A German
 * site file (tests/fixtures/site-config/werkstatt.config.json), the route's export called as
 * Next calls it.
 */

const SITE = "http://localhost:3000";
const fixture = localWorkspaceForSuite();
let POST: (request: Request) => Promise<Response>;
let GET: (request: Request) => Promise<Response>;

beforeAll(async () => {
  pointAppAtWorkspace(fixture.server, {
    SITE_URL: undefined,
    TRUST_PROXY: undefined,
    PORT: "3000",
    SITE_CONFIG: path.resolve(__dirname, "../fixtures/site-config/werkstatt.config.json"),
  });
  ({ POST, GET } = await import("@/app/api/newsletter/route"));
});

let client = 0;
function post(body: string, headers: Record<string, string>, method = "POST"): Request {
  const made = new Request(`${SITE}/api/newsletter`, {
    method,
    headers: { origin: SITE, accept: "application/json", ...headers },
    body: method === "POST" ? body : undefined,
  });
  stampPeerAddress(made.headers, `10.77.${++client}.1`);
  return made;
}

const json = { "content-type": "application/json" };
const CASES: [string, () => Promise<Response>, number, MessageKey][] = [
  ["a GET", () => GET(post("", {}, "GET")), 405, "newsletter.refused.method"],
  [
    "another site's post",
    () => POST(post('{"email":"a@example.org"}', { ...json, origin: "https://evil.example" })),
    403,
    "newsletter.refused.origin",
  ],
  [
    "a text/plain body",
    () => POST(post('{"email":"a@example.org"}', { "content-type": "text/plain" })),
    415,
    "newsletter.refused.type",
  ],
  [
    "a body over 4 KiB",
    () => POST(post(JSON.stringify({ email: "a@example.org", pad: "x".repeat(5000) }), json)),
    413,
    "newsletter.refused.tooLarge",
  ],
  ["malformed JSON", () => POST(post("{not json", json)), 400, "newsletter.refused.unreadable"],
  ["a JSON array", () => POST(post('["a@example.org"]', json)), 400, "newsletter.refused.unreadable"],
];

describe("the newsletter route's refusals on a German site", () => {
  it.each(CASES)("%s: German words, no English", async (_what, send, status, key) => {
    const res = await send();
    expect(res.status).toBe(status);
    const { error } = (await res.json()) as { error: string };
    expect(error).toBe(de[key]);
    expect(error).not.toBe(en[key]);
    expect(error).not.toMatch(/\b(the|this|please|request|reload|only)\b/i);
  });
});
