import { createHash } from "node:crypto";
import { encodePng } from "./png";

// Covers, thumbnails and avatars, deterministic per key (URLs and caches stay valid across restarts),
// rendered lazily because synthetic seeds can hold 10,000 posts.

export type ImageKind = "covers" | "thumbs" | "avatars";

const IMAGE_SIZES: Record<ImageKind, { width: number; height: number }> = {
  covers: { width: 1200, height: 630 }, // the usual social-card ratio, so a cover can double as og:image
  thumbs: { width: 400, height: 300 },
  avatars: { width: 128, height: 128 },
};

type Rgb = [number, number, number];

function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

function render(kind: ImageKind, key: string): Buffer {
  const { width, height } = IMAGE_SIZES[kind];
  const h = createHash("sha256").update(`${kind}:${key}`).digest();
  const hue = (h[0]! / 255) * 360;
  // Analogous second hue keeps the palette calm rather than clashing.
  const hue2 = (hue + 35 + (h[1]! / 255) * 50) % 360;
  const from = hslToRgb(hue, 0.55, 0.62);
  const to = hslToRgb(hue2, 0.6, 0.38);
  const glow = hslToRgb(hue, 0.5, 0.92);
  // A soft highlight gives the gradient some depth; its place is seeded too.
  const cx = width * (0.25 + (h[2]! / 255) * 0.5);
  const cy = height * (0.2 + (h[3]! / 255) * 0.4);
  const radius = Math.max(width, height) * (kind === "avatars" ? 0.6 : 0.45);

  const pixels = new Uint8Array(width * height * 3);
  const diag = width + height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / diag;
      const dx = x - cx;
      const dy = y - cy;
      const d = Math.sqrt(dx * dx + dy * dy) / radius;
      const g = d < 1 ? (1 - d) * (1 - d) * 0.35 : 0;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const base = from[c]! + (to[c]! - from[c]!) * t;
        pixels[i + c] = Math.round(base + (glow[c]! - base) * g);
      }
    }
  }
  return encodePng(width, height, pixels);
}

const MAX_CACHED = 500;
/** The rendered images, a bounded LRU: a pure cache of bytes that are the same for every workspace. */
const images = new Map<string, Buffer>();

export function getImage(kind: ImageKind, key: string): Buffer {
  const cacheKey = `${kind}/${key}`;
  const png = images.get(cacheKey) ?? render(kind, key);
  images.delete(cacheKey);
  images.set(cacheKey, png);
  if (images.size > MAX_CACHED) images.delete(images.keys().next().value!);
  return png;
}

export function imagePath(kind: ImageKind, key: string): string {
  return `/__local/images/${kind}/${encodeURIComponent(key)}.png`;
}
