import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StaticImage } from "@/components/blog/static-image";

/*
 * StaticImage writes what next/image writes with fewer bytes: each attribute reaches the
 * browser twice (HTML and RSC payload). The URLs are next/image's own, read back from the markup.
 */

const SRC = "https://img.example.test/covers/a-post.png";
const render = (props: Parameters<typeof StaticImage>[0]) =>
  renderToStaticMarkup(createElement(StaticImage, props));
const attr = (html: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(html)?.[1];
const optimised = (width: number) => `/_next/image?url=${encodeURIComponent(SRC)}&amp;w=${width}&amp;q=75`;

describe("StaticImage", () => {
  it("a fixed-size image: the 1x URL as src and only the 2x one in srcset, no inline style or decoding", () => {
    const html = render({ src: SRC, alt: "", width: 384, height: 202, className: "thumb" });
    expect(html.startsWith("<img")).toBe(true);
    expect(attr(html, "src")).toBe(optimised(384));
    expect(attr(html, "srcSet")).toBe(`${optimised(828)} 2x`);
    expect(attr(html, "loading")).toBe("lazy");
    expect(attr(html, "width")).toBe("384");
    expect(attr(html, "class")).toBe("thumb");
    expect(html).not.toMatch(/\s(style|decoding)=/);
  });

  it("a fill image keeps next/image's width candidates and sizes, and leaves positioning to its class", () => {
    const html = render({ src: SRC, alt: "Cover", fill: true, sizes: "100vw", className: "cover" });
    // Next's candidate widths (next.config.mjs narrows them in the app); each one its own URL.
    const candidates = attr(html, "srcSet")!
      .split(", ")
      .map((c) => c.split(" "));
    expect(candidates.length).toBeGreaterThan(1);
    for (const [url, width] of candidates) expect(url).toBe(optimised(Number(width!.slice(0, -1))));
    expect(attr(html, "src")).toBe(candidates.at(-1)![0]);
    expect(attr(html, "sizes")).toBe("100vw");
    expect(html).not.toMatch(/\sstyle=/);
  });

  it("an image loaded at once sits in a <picture>, so React writes no preload of it (its srcset twice more)", () => {
    const eager = render({
      src: SRC,
      alt: "",
      width: 96,
      height: 96,
      loading: "eager",
      fetchPriority: "high",
    });
    expect(eager).toMatch(/^<picture><img [^>]*fetchPriority="high"[^>]*\/><\/picture>$/);
    expect(attr(eager, "loading")).toBe("eager");
    expect(render({ src: SRC, alt: "", width: 96, height: 96 })).not.toContain("<picture>");
  });
});
