import { expect, test } from "@playwright/test";
import fc from "fast-check";
import { XMLParser } from "fast-xml-parser";
import { expectAccessible } from "../helpers/accessibility";
import { clientNetworks, oneClientPerNetwork } from "../helpers/client-addresses";
import * as workspace from "../helpers/workspace-controls";

/*
 * Blog search in real Chromium against the demo workspace: the header form with JavaScript off
 * and from the keyboard, the results page's accessibility, OpenSearch discovery, hostile
 * queries, the per-client limit, and proof that a search never calls the workspace.
 */

const WORKSPACE = workspace.E2E_WORKSPACE_URL;
const STATIC_BLOG = "Shipping a Static Blog That Still Feels Live";

// Each test speaks as its own clients, each in a network of its own, so the per-client and
// per-network search budgets of one test (and of the other suites) are never spent by another.
const freshIp = oneClientPerNetwork("203", { startAnywhere: true });
const freshNetwork = clientNetworks("100.64");

/** The visible text of a page's <main>, so a failed expectation prints a sentence, not the whole page. */
function mainText(html: string): string {
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? "";
  return main
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .slice(0, 2_000);
}

const workspaceRequests = async () => (await workspace.stats(WORKSPACE)).total;

test("the header form searches without JavaScript and highlights what matched", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": freshIp() },
  });
  const page = await context.newPage();
  await page.goto("/");
  // No script of ours on the page: what makes the form work is plain HTML.
  const search = page.getByRole("search", { name: "Search posts" });
  await search.getByRole("searchbox", { name: "Search posts" }).fill("statc blg");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=statc\+blg$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “statc blg”");
  const first = page.locator("main ol > li").first();
  await expect(first.getByRole("heading", { level: 2 })).toHaveText(STATIC_BLOG);
  await expect(first.locator("h2 mark")).toHaveText(["Static", "Blog"]);
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // The results page's own form keeps the query for editing.
  await expect(page.getByRole("searchbox", { name: "Search the blog" })).toHaveValue("statc blg");
  await first.getByRole("link", { name: STATIC_BLOG }).click();
  await expect(page).toHaveURL(/\/blog\/shipping-a-static-blog-that-feels-live$/);
  await context.close();
});

test("the header search is reachable and usable from the keyboard", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await page.goto("/blog");
  const box = page.getByRole("searchbox", { name: "Search posts" });
  for (let i = 0; i < 12 && !(await box.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(box).toBeFocused();
  await page.keyboard.type("cach");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=cach$/);
  await expect(page.locator("main ol > li h2").first()).toHaveText("Caching Without Tears");
  await expectAccessible(page, "search results");
});

test("no match: a clear message and the newest posts, accessible", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  const res = await page.goto("/search?q=xylophone");
  expect(res?.status()).toBe(200);
  await expect(page.getByText("No posts match “xylophone”.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Newest posts" })).toBeVisible();
  await expect(page.locator("main article")).toHaveCount(3);
  await expectAccessible(page, "no results");

  await page.goto("/search");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
  await expect(
    page.getByText(/Search the titles, descriptions, topics and authors of 16 posts/),
  ).toBeVisible();
  await expectAccessible(page, "empty search");
});

test("browsers discover the search: OpenSearch description and <link rel=search>; not in the sitemap", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const link = page.locator('head link[rel="search"]');
  await expect(link).toHaveAttribute("type", "application/opensearchdescription+xml");
  await expect(link).toHaveAttribute("href", "/opensearch.xml");

  const res = await request.get("/opensearch.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/opensearchdescription+xml");
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(await res.text()) as {
    OpenSearchDescription: { ShortName: string; Url: { type: string; template: string }[] };
  };
  const html = doc.OpenSearchDescription.Url.find((u) => u.type === "text/html");
  expect(html?.template).toMatch(/^http:\/\/localhost:\d+\/search\?q=\{searchTerms\}$/);
  expect(doc.OpenSearchDescription.ShortName.length).toBeLessThanOrEqual(16);

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("<loc>");
  expect(sitemap).not.toContain("/search");
});

test("a search never calls the workspace", async ({ request }) => {
  const headers = { "x-forwarded-for": freshIp() };
  // The first search may load the blog (as any first page view does); the rest must not.
  expect((await request.get("/search?q=remote", { headers })).status()).toBe(200);
  await workspace.resetStats(WORKSPACE);
  const queries = [
    "statc blg",
    "remote work",
    "C++",
    "xylophone",
    "grace",
    "feture flgs",
    "a b c d e f g h i j",
  ];
  for (const q of queries) {
    const res = await request.get(`/search?q=${encodeURIComponent(q)}`, { headers });
    expect(res.status(), q).toBe(200);
  }
  expect(await workspaceRequests()).toBe(0);
});

test("hostile queries get a clear answer, never a 5xx", async ({ request }) => {
  const check = async (path: string) => {
    const res = await request.get(path, { headers: { "x-forwarded-for": freshIp() } });
    expect(res.status(), path.slice(0, 200)).toBeLessThan(500);
    const body = await res.text();
    expect(/\n\s+at [\w.<>]+ \(/.test(body), `stack trace for ${path.slice(0, 200)}`).toBe(false);
    return { status: res.status(), body, text: mainText(body) };
  };

  const long = await check(`/search?q=${"a".repeat(10_000)}`);
  expect(long.status).toBe(200);
  expect(long.text).toContain("Your search is 10,000 characters long; searches can be up to 200.");

  const html = await check(`/search?q=${encodeURIComponent('<script>alert(1)</script> "><img src=x>')}`);
  expect(html.status).toBe(200);
  expect(html.body.includes("<script>alert(1)"), "the query is escaped").toBe(false);
  expect(html.body.includes("<img src=x>"), "the query is escaped").toBe(false);
  expect(html.text).toContain('No posts match “<script>alert(1)</script> "><img src=x>”.');

  const many = await check(
    `/search?q=${encodeURIComponent("one two three four five six seven eight nine ten")}`,
  );
  expect(many.text).toContain("Only the first 8 words were searched.");

  for (const path of [
    "/search?q=%",
    "/search?q=%zz%",
    "/search?q=%00%01%1b%7f",
    "/search?q=.*%2B%3F%5B%5D(%7C)%5C%5E%24",
    "/search?q[]=x",
    "/search?q=a&q=b",
    "/search?q=static&page=0",
    "/search?q=static&page=-1",
    "/search?q=static&page=99999999999",
    "/search?q=static&page=2",
    "/search?q=%E2%80%AE%E2%80%8B",
  ])
    await check(path);
  expect((await check("/search?q=static&page=abc")).status).toBe(404);

  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.string({
          unit: fc.constantFrom(..."()[]{}.*+?^$|\\/<>&\"'%#;`~ \t\n\u0000\u202e"),
          maxLength: 80,
        }),
        fc
          .array(fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 6 }), { maxLength: 40 })
          .map((w) => w.join(" ")),
      ),
      fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
      async (q, pageParam) => {
        const params = new URLSearchParams({ q });
        if (pageParam !== undefined) params.set("page", pageParam);
        await check(`/search?${params.toString()}`);
      },
    ),
    { numRuns: 60 },
  );
});

test("searches are limited per client; other clients are not affected", async ({ request }) => {
  test.setTimeout(120_000);
  const me = { "x-forwarded-for": freshIp() };
  let limited = "";
  // Searches the site-wide budget refuses ("busy", before the page) do not count against the
  // client: keep asking until 60 have been counted.
  const deadline = Date.now() + 90_000;
  for (let i = 0; !limited && Date.now() < deadline; i++) {
    const res = await request.get(`/search?q=engineering${i}`, { headers: me });
    expect(res.status()).toBeLessThan(500);
    const text = mainText(await res.text());
    if (text.includes("You have searched many times")) limited = text;
    else if (text.includes("Search is busy right now")) await new Promise((r) => setTimeout(r, 200));
  }
  expect(limited).toMatch(/Try again in \d+ seconds?\./);
  const other = await request.get("/search?q=engineering", { headers: { "x-forwarded-for": freshIp() } });
  expect(mainText(await other.text())).toContain("Results for “engineering”");
});

/** What a search page said: results (or none matched), the client's or holder's limit, or busy. */
function outcomeOf(text: string): "results" | "limited" | "busy" | "other" {
  if (text.includes("Results for") || text.includes("No results for")) return "results";
  if (text.includes("You have searched many times")) return "limited";
  if (text.includes("Search is busy right now")) return "busy";
  return "other";
}

/**
 * About 25 fuzzy searches a second for `seconds`, each from `addressOf(i)`, while a reader from a
 * network of its own searches every `readerEveryMs`: how each was answered.
 */
async function floodWhileReaderSearches(
  request: import("@playwright/test").APIRequestContext,
  addressOf: (i: number) => string,
  { seconds = 10, readerEveryMs = 3_000 } = {},
) {
  // A search first, then a pause: the flood starts on a warm server with the budget full, as it
  // would in the middle of a day.
  await request.get("/search?q=warm", { headers: { "x-forwarded-for": freshIp() } });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const flood = { results: 0, limited: 0, busy: 0, other: 0 };
  const reader: string[] = [];
  const readerIp = freshIp();
  const total = seconds * 25;
  const sent: Promise<void>[] = [];
  const started = Date.now();
  for (let i = 0; i < total; i++) {
    sent.push(
      request
        .get(`/search?q=${encodeURIComponent(`engneering writng feture${i}`)}`, {
          headers: { "x-forwarded-for": addressOf(i) },
          maxRetries: 2,
        })
        .then(async (res) => {
          const text = mainText(await res.text());
          const outcome = res.status() === 200 ? outcomeOf(text) : "other";
          if (outcome === "other") console.info(`[flood] ${res.status()}: ${text.slice(0, 200)}`);
          flood[outcome]++;
        }),
    );
    if (i % Math.round((readerEveryMs / 1000) * 25) === 12) {
      sent.push(
        request
          .get("/search?q=static+blog", { headers: { "x-forwarded-for": readerIp }, maxRetries: 2 })
          .then(async (res) => void reader.push(outcomeOf(mainText(await res.text())))),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + (i + 1) * 40 - Date.now())));
  }
  await Promise.all(sent);
  return { flood, reader };
}

test("~25 fuzzy searches a second from 256 /64s of one IPv6 /56 are one holder's: refused beyond its budget, and a reader's searches get results", async ({
  request,
}) => {
  test.setTimeout(120_000);
  // One /56 (2001:db8:X:YY00::/56) of a /48 no other test uses: 256 /64s, one address each.
  const x = (0x6000 + Math.floor(Math.random() * 0x1000)).toString(16);
  const { flood, reader } = await floodWhileReaderSearches(
    request,
    (i) => `2001:db8:${x}:${(0x5600 + (i % 256)).toString(16)}::1`,
  );
  console.info(`[/56 flood] ${JSON.stringify(flood)}; reader ${reader.join(", ")}`);
  // 250 searches: the holder's 120 a minute ran at most, the rest were refused.
  expect(flood.other).toBe(0);
  expect(flood.results).toBeLessThanOrEqual(120);
  expect(flood.limited + flood.busy).toBeGreaterThanOrEqual(130);
  expect(reader.length).toBeGreaterThanOrEqual(3);
  // The reader's share of the site's search time is one over the holders that searched in the
  // last 30 seconds (other tests' included): its first search at once, most of the others.
  expect(reader[0]).toBe("results");
  expect(reader.filter((r) => r === "results").length, reader.join(", ")).toBeGreaterThanOrEqual(
    reader.length / 2,
  );
});

test("~25 fuzzy searches a second from 200 IPv4 /24s: every answer is a page, and a reader gets results", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const networks = Array.from({ length: 200 }, () => freshNetwork());
  const { flood, reader } = await floodWhileReaderSearches(request, (i) => networks[i % 200]!());
  console.info(`[200 /24s flood] ${JSON.stringify(flood)}; reader ${reader.join(", ")}`);
  // Never an error: a search is answered with results or the busy page, whoever asks.
  expect(flood.other).toBe(0);
  expect(
    reader.filter((r) => r !== "results" && r !== "busy"),
    reader.join(", "),
  ).toEqual([]);
  // Each of the 200 holders asks less often than the reader, so once the site-wide budget is
  // contended the reader gets its fair share of it, like every other holder: a holder that has
  // not searched lately (the reader, at first) may overdraw it, so some of its searches run.
  expect(reader, reader.join(", ")).toContain("results");
});

test("ten addresses in each of three networks searching at once: each network is refused beyond its budget, a reader from a fourth gets results", async ({
  request,
}) => {
  const networks = [freshNetwork(), freshNetwork(), freshNetwork()];
  const answers = await Promise.all(
    networks.flatMap((inNetwork) =>
      Array.from({ length: 10 }, inNetwork).map(async (address) => {
        const texts: string[] = [];
        for (let i = 0; i < 15; i++) {
          const res = await request.get(`/search?q=engneering+writng${i}`, {
            headers: { "x-forwarded-for": address },
          });
          expect(res.status()).toBe(200);
          texts.push(mainText(await res.text()));
        }
        return texts;
      }),
    ),
  );
  // 150 searches from each network, each address's 15 well inside its own 60: at most the
  // holder's 120 ran (fewer when the site-wide budget, charged each search's whole time, ran out
  // first), the rest were refused with the wait or the prerendered busy page.
  for (let n = 0; n < 3; n++) {
    const fromNetwork = answers.slice(n * 10, n * 10 + 10).flat();
    const refused = fromNetwork.filter(
      (t) => t.includes("You have searched many times") || t.includes("Search is busy right now"),
    );
    expect(refused.length).toBeGreaterThanOrEqual(30);
    expect(fromNetwork.length - refused.length).toBeLessThanOrEqual(120);
  }
  const reader = await request.get("/search?q=static+blog", { headers: { "x-forwarded-for": freshIp() } });
  expect(mainText(await reader.text())).toContain(STATIC_BLOG);
});
