import { auditMobile, type MobileAudit } from "./lighthouse-audit";
import { log } from "./lib";
import { section } from "./section";

/*
 * Lighthouse (mobile) on /, /blog and a post: the four category scores, and for any audit
 * below full marks its id and first few items, so a miss says where to look.
 */

type LighthousePage = MobileAudit & { path: string };

export const lighthouse = section({
  name: "lighthouse",
  needs: "site",
  async run({ ports, postPath }) {
    const pages: LighthousePage[] = [];
    for (const p of ["/", "/blog", postPath]) {
      const url = `http://localhost:${ports.site}${p}`;
      log(`lighthouse (mobile) ${url}`);
      const audit = await auditMobile(url);
      pages.push({ path: p, ...audit });
      if (audit.belowFull?.length)
        log(`  audits below 100 on ${p}: ${audit.belowFull.map((a) => a.id).join(", ")}`);
    }
    return { pages };
  },
  targets: (lh) =>
    lh.pages.map((p) => {
      const scores = [p.performance, p.accessibility, p.bestPractices, p.seo];
      return {
        name: `lighthouse mobile ${p.path} (perf/a11y/bp/seo)`,
        value: p.error ? `error: ${p.error}` : scores.join("/"),
        target: "100/100/100/100",
        pass: !p.error && scores.every((s) => s === 100),
      };
    }),
  tables: () => [],
});
