import { ImageResponse } from "next/og";
import { env } from "../config/env";
import type { Translate } from "../i18n";
import { fetchCoverBytes } from "./cover-fetch";
import { OG_SIZE } from "./seo";

// Preview images (1200×630 PNG): the cover only when a PNG or JPEG under the caps, else the text-only card.

const COVER_TIMEOUT_MS = 3_000;
const COVER_MAX_BYTES = 4 * 1024 * 1024;

function imageMime(bytes: Uint8Array): "image/png" | "image/jpeg" | null {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return "image/png";
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return null;
}

/** The cover as a data URL Satori can draw (judged by its bytes, not its Content-Type), or null. */
export const loadCover = async (url: string): Promise<string | null> => {
  const bytes = await fetchCoverBytes(url, {
    hosts: env().imageHosts,
    timeoutMs: COVER_TIMEOUT_MS,
    maxBytes: COVER_MAX_BYTES,
  });
  const mime = bytes ? imageMime(bytes) : null;
  return bytes && mime ? `data:${mime};base64,${bytes.toString("base64")}` : null;
};

type OgCard = {
  blogName: string;
  title: string;
  byline?: string;
  coverUrl: string | null;
  eyebrow?: string;
};

/** "Written by Ada, Grace", in the site's words. */
export function cardByline(t: Translate, authors: readonly { name: string }[]): string | undefined {
  return authors.length ? `${t("post.writtenBy")} ${authors.map((a) => a.name).join(", ")}` : undefined;
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

function Card({ card, cover }: { card: OgCard; cover: string | null }) {
  const { accent } = env().site;
  const colours = accent.custom
    ? { name: accent.dark, dot: accent.dark, glow: accent.light }
    : { name: "#fca5a5", dot: "#f87171", glow: "#7f1d1d" };
  const titleSize = card.title.length > 70 ? 56 : card.title.length > 40 ? 66 : 78;
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        position: "relative",
        backgroundColor: "#1c1917",
        color: "#fafaf9",
      }}
    >
      {cover ? (
        // eslint-disable-next-line @next/next/no-img-element -- Satori draws plain <img> only
        <img
          src={cover}
          width={OG_SIZE.width}
          height={OG_SIZE.height}
          alt=""
          style={{ position: "absolute", top: 0, left: 0, width: "100%", height: "100%", objectFit: "cover" }}
        />
      ) : null}
      <div
        style={{
          position: "relative",
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          width: "100%",
          padding: "64px 72px",
          // Over the cover, the gradient that keeps the text readable.
          backgroundImage: cover
            ? "linear-gradient(180deg, rgba(12,10,9,0.25) 0%, rgba(12,10,9,0.88) 70%)"
            : `linear-gradient(135deg, #292524 0%, #1c1917 55%, ${colours.glow} 100%)`,
        }}
      >
        <div
          style={{
            display: "flex",
            alignItems: "center",
            fontSize: 30,
            letterSpacing: 1,
            color: colours.name,
          }}
        >
          <div
            style={{ width: 18, height: 18, borderRadius: 9, backgroundColor: colours.dot, marginRight: 16 }}
          />
          {truncate(card.blogName, 60)}
        </div>
        <div style={{ display: "flex", flexDirection: "column" }}>
          {card.eyebrow ? (
            <div style={{ fontSize: 28, color: "#d6d3d1", marginBottom: 16 }}>
              {truncate(card.eyebrow, 80)}
            </div>
          ) : null}
          <div style={{ fontSize: titleSize, fontWeight: 700, lineHeight: 1.1, display: "flex" }}>
            {truncate(card.title, 120)}
          </div>
          {card.byline ? (
            <div style={{ fontSize: 30, color: "#e7e5e4", marginTop: 28 }}>{truncate(card.byline, 90)}</div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export async function ogImage(card: OgCard): Promise<Response> {
  const cover = card.coverUrl ? await loadCover(card.coverUrl) : null;
  // Rendered now (not while streaming) so that a cover which passed the checks but cannot be decoded
  // still falls back to the text-only card.
  const render = (cover: string | null) =>
    new ImageResponse(<Card card={card} cover={cover} />, { ...OG_SIZE }).arrayBuffer();
  const body = await render(cover).catch((error: unknown) => {
    if (!cover) throw error;
    return render(null);
  });
  return new Response(body, {
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400",
    },
  });
}
