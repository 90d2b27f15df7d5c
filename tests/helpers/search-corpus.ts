import { buildBlog, type Blog } from "../../lib/blog/model";
import { DEMO_POSTS } from "../../lib/local-workspace/seed";
import type { BlogPost } from "../../lib/workspace/types";

/*
 * Synthetic blogs for the in-process search figures. The workspace's synthetic posts are all
 * "Synthetic Post N" (a tiny vocabulary, which flatters any index), so this corpus draws titles
 * and descriptions from the demo posts' words plus a few thousand made-up words, skewed so that
 * some words are common and most are rare, as in real prose. The vocabulary grows with the
 * blog, which is what makes a bigger index slower. Deterministic (seeded), so runs compare.
 */

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "ren",
  "sto",
  "va",
  "dul",
  "pe",
  "xan",
  "tri",
  "bo",
  "quel",
  "sa",
  "nor",
  "fi",
  "gal",
];

const demoWords = [
  ...new Set(
    DEMO_POSTS.flatMap((p) => `${p.title} ${p.meta_description}`.toLowerCase().split(/[^a-z+]+/)).filter(
      (w) => w.length > 2,
    ),
  ),
];

export const CORPUS_AUTHORS = [
  "Grace Okafor",
  "Linus Berg",
  "Mei Tanaka",
  "Rafael Souza",
  "Priya Nair",
  "Ada Admin",
];
export const CORPUS_KEYWORDS = [
  "Engineering",
  "Performance",
  "Writing",
  "Remote Work",
  "Culture",
  "UX & Design",
  "Accessibility",
  "C++",
  "Product",
  "Hiring",
  "Open Source",
];

export function syntheticBlog(postCount: number, seed = 42): Blog {
  const rand = prng(seed);
  const made: string[] = [];
  // Roughly the square root law of vocabulary growth: 10,000 posts know ~25x the words of 100.
  const vocabulary = Math.round(60 * Math.sqrt(postCount * 30));
  for (let i = 0; made.length < vocabulary; i++) {
    let w = "";
    for (let n = 2 + (i % 3), x = i; n > 0; n--, x = Math.floor(x / SYLLABLES.length) + 7)
      w += SYLLABLES[(x * 7 + n) % SYLLABLES.length];
    made.push(`${w}${i}`);
  }
  const words = [...demoWords, ...made];
  // Skewed draw: low indexes (the real demo words) are common, made-up words are rare.
  const word = () => words[Math.floor(words.length * rand() ** 3)]!;
  const phrase = (n: number) => Array.from({ length: n }, word).join(" ");
  const posts: BlogPost[] = [];
  const day = 86_400_000;
  for (let i = 0; i < postCount; i++) {
    const authors = [
      CORPUS_AUTHORS[i % CORPUS_AUTHORS.length]!,
      ...(rand() < 0.3 ? [CORPUS_AUTHORS[(i + 2) % 6]!] : []),
    ];
    posts.push({
      slug: `post-${i}`,
      title: phrase(4 + Math.floor(rand() * 5)).replace(/^./, (c) => c.toUpperCase()),
      publishedAt: new Date(Date.UTC(2020, 0, 1) + i * day).toISOString(),
      authors: authors.map((name, k) => ({ id: `a${k}-${name}`, name, profileImageUrl: "", email: "" })),
      pageTitle: "",
      metaDescription: phrase(14 + Math.floor(rand() * 14)),
      keywords: [
        CORPUS_KEYWORDS[i % CORPUS_KEYWORDS.length]!,
        CORPUS_KEYWORDS[(i * 3 + 1) % CORPUS_KEYWORDS.length]!,
      ],
      coverImageUrl: "",
      thumbnailImageUrl: "",
    });
  }
  // One known post, so the typo query has its target at every size.
  posts[Math.floor(postCount / 2)]!.title = "Shipping a Static Blog That Still Feels Live";
  return buildBlog({ blogName: "Bench", posts });
}

/** Exact, prefix, typo, multi-word, author, keyword, symbol and no-match queries. */
export const BENCH_QUERIES = [
  "static blog",
  "statc blg",
  "remote work",
  "cach",
  "feture flgs",
  "grace",
  "c++ profiling",
  "accessibility contrast",
  "how we run design critiques",
  "xylophone",
];
