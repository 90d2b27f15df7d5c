import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEMO_REVALIDATE_SECRET, DEMO_SESSION_SECRET, LOCAL_DEMO_API_KEY } from "../../lib/config/schema";
import { signInThrough } from "../helpers/admin-sign-in";

/*
 * The key stays on the server: every byte a browser can be sent — all built static assets,
 * every asset the pages reference, and the HTML and RSC payloads of every page type — is
 * searched for the workspace API key and the session secret the e2e server runs with, signed
 * in as an admin too (admin pages and the admin API's answers reach a browser as well).
 */

// The e2e server (playwright.config.ts) runs with these unless the environment overrides them.
const SECRETS: Record<string, string> = {
  "workspace API key":
    process.env.LOCAL_WORKSPACE_API_KEY || process.env.WORKSPACE_API_KEY || LOCAL_DEMO_API_KEY,
  "session secret": process.env.SESSION_SECRET || DEMO_SESSION_SECRET,
  "revalidate secret": process.env.REVALIDATE_SECRET || DEMO_REVALIDATE_SECRET,
};
const DIST_DIR = path.resolve(__dirname, "../..", process.env.E2E_DIST_DIR ?? ".next-e2e");

type Finding = { where: string; secret: string };

function scan(where: string, bytes: Buffer, findings: Finding[]) {
  for (const [name, value] of Object.entries(SECRETS)) {
    // Raw, base64- and URL-encoded.
    const forms = [value, Buffer.from(value).toString("base64"), encodeURIComponent(value)];
    if (forms.some((f) => bytes.includes(f))) findings.push({ where, secret: name });
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

async function firstLink(request: APIRequestContext, page: string, pattern: RegExp): Promise<string> {
  const html = await (await request.get(page)).text();
  const found = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).find((h) => pattern.test(h));
  expect(found, `a link matching ${pattern} on ${page}`).toBeTruthy();
  return found!;
}

test("no client-delivered byte contains the API key or the session secret", async ({
  request,
  playwright,
  baseURL,
}) => {
  const findings: Finding[] = [];
  let files = 0;
  let bytes = 0;

  // 1. Every built static asset (what /_next/static serves).
  const staticDir = path.join(DIST_DIR, "static");
  const staticFiles = walk(staticDir);
  expect(staticFiles.length, `files under ${staticDir}`).toBeGreaterThan(0);
  // Canary: the scan really reads client code (the form's own endpoint ships in a chunk).
  let canary = false;
  for (const file of staticFiles) {
    const content = readFileSync(file);
    if (content.includes("/api/newsletter")) canary = true;
    files++;
    bytes += content.length;
    scan(path.relative(DIST_DIR, file), content, findings);
  }

  expect(canary, "the newsletter form's client code was among the scanned files").toBe(true);

  // 2. HTML and RSC payloads of every page type, and every asset they reference over HTTP.
  const post = await firstLink(request, "/blog", /^\/blog\/(?!page\/)[^/?#]+$/);
  const author = await firstLink(request, post, /^\/authors\/[^/?#]+$/);
  const tag = await firstLink(request, post, /^\/tags\/[^/?#]+$/);
  const pages = [
    "/",
    "/blog",
    post,
    author,
    tag,
    "/newsletter",
    "/admin/login",
    `/no-such-page-${Date.now()}`,
  ];
  // Signed in, in a context of its own (it keeps the cookie): the admin pages, a member's page
  // included, and the admin API's answers reach a browser too.
  const admin = await playwright.request.newContext({ baseURL });
  await signInThrough(admin, { baseURL: baseURL!, client: "192.0.2.77" });
  const list = await admin.get("/api/admin/team-members");
  expect(list.status(), "admin member list").toBe(200);
  const listBody = await list.body();
  scan("/api/admin/team-members", listBody, findings);
  const memberId = (JSON.parse(listBody.toString("utf8")) as { members: { id: string }[] }).members[0]?.id;
  expect(memberId, "a member to open").toBeTruthy();
  const adminPages = ["/admin", "/admin/members", `/admin/members/${memberId}`, "/admin/members/invite"];

  const assets = new Set<string>();
  let payloads = 1;
  for (const page of [...pages, ...adminPages]) {
    const signedIn = adminPages.includes(page);
    for (const rsc of [false, true]) {
      // Next 16 answers a bare RSC request with a 307 to `?_rsc`; following it yields the flight payload.
      const res = await (signedIn ? admin : request).get(page, {
        headers: rsc ? { RSC: "1" } : {},
        // A redirect to the login page would mean the admin page itself was never scanned.
        maxRedirects: signedIn && !rsc ? 0 : undefined,
      });
      if (signedIn && !rsc) expect(res.status(), `${page} signed in`).toBe(200);
      expect(res.status(), `${page}${rsc ? " (RSC)" : ""}`).toBeLessThan(500);
      const body = await res.body();
      payloads++;
      bytes += body.length;
      scan(`${page}${rsc ? " (RSC)" : ""}`, body, findings);
      if (rsc)
        expect(res.headers()["content-type"] ?? "", `${page} RSC payload`).toContain("text/x-component");
      for (const m of body.toString("utf8").matchAll(/\/_next\/static\/[^"'\s)\\]+/g)) assets.add(m[0]);
    }
  }
  expect(assets.size).toBeGreaterThan(0);
  for (const asset of assets) {
    const res = await request.get(asset);
    if (!res.ok()) continue; // e.g. a prefetch hint for a file that is not there
    const body = await res.body();
    files++;
    bytes += body.length;
    scan(asset, body, findings);
  }

  const summary = `${files} asset files (${staticFiles.length} on disk, ${assets.size} referenced) and ${payloads} HTML/RSC/API payloads of ${pages.length + adminPages.length} page types, ${bytes} bytes: ${findings.length} findings`;
  console.info(`[key-scan] ${summary}`);
  test.info().annotations.push({ type: "key-scan", description: summary });
  await admin.dispose();
  expect(findings).toEqual([]);
});
