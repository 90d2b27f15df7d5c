import { z } from "zod";
import { faultSchema } from "../faults";
import { HttpError, errorResponse, escapeHtml, htmlPage, json, readJsonObject } from "../http";
import type { RouteContext } from "../http";
import { getImage, imagePath, type ImageKind } from "../images";
import { transaction } from "../store";
import { MAX_SYNTHETIC } from "../seed";

// Local-only endpoints (API decision 9): no API key, for people and tests driving the local workspace.

function requireWorkspace(ctx: RouteContext): string {
  if (!ctx.workspaceId) throw new HttpError(404, "Unknown workspace for this host");
  return ctx.workspaceId;
}

export function health(ctx: RouteContext): Response {
  const rows = ctx.db
    .prepare(
      `SELECT w.id, w.is_default AS "default", w.blog_name,
        (SELECT COUNT(*) FROM members m WHERE m.workspace_id = w.id) AS members,
        (SELECT COUNT(*) FROM posts p WHERE p.workspace_id = w.id) AS posts
       FROM workspaces w ORDER BY w.is_default DESC, w.id`,
    )
    .all() as { default: number }[];
  return json({ ok: true, workspaces: rows.map((r) => ({ ...r, default: r.default === 1 })) });
}

/** Newest first; `to` matches case-insensitively (addresses are stored lower-case). */
export function outbox(ctx: RouteContext): Response {
  const to = ctx.url.searchParams.get("to")?.trim().toLowerCase() || null;
  const emails = ctx.db
    .prepare(
      `SELECT id, to_email AS "to", kind, subject, link, created_at FROM outbox
       WHERE workspace_id = ?1 AND (?2 IS NULL OR to_email = ?2) ORDER BY id DESC`,
    )
    .all(requireWorkspace(ctx), to);
  return json({ emails });
}

/** Follows a verification link: HTML because a person clicks it in a browser. */
export function verify(ctx: RouteContext): Response {
  const token = ctx.url.searchParams.get("token");
  if (!token)
    return htmlPage(400, "Missing token", ["This verification link is incomplete: it has no token."]);
  const row = ctx.db
    .prepare("SELECT workspace_id, email, used_at FROM tokens WHERE token = ? AND kind = 'verification'")
    .get(token) as { workspace_id: string; email: string; used_at: string | null } | undefined;
  if (!row)
    return htmlPage(404, "Link not recognised", [
      "This verification link is not valid. Subscribe again to get a new one.",
    ]);
  if (row.used_at) {
    return htmlPage(400, "Link already used", [
      "This verification link has already been used. Your subscription is confirmed.",
    ]);
  }
  const now = ctx.now.toISOString();
  transaction(ctx.db, () => {
    ctx.db.prepare("UPDATE tokens SET used_at = ? WHERE token = ?").run(now, token);
    ctx.db
      .prepare(
        "UPDATE subscribers SET verified_at = COALESCE(verified_at, ?) WHERE workspace_id = ? AND email = ?",
      )
      .run(now, row.workspace_id, row.email);
  });
  return htmlPage(200, "Subscription confirmed", [
    `Thanks! ${row.email} is now subscribed. You can close this page.`,
  ]);
}

export function invitation(ctx: RouteContext): Response {
  const row = ctx.db
    .prepare(
      `SELECT t.email, w.blog_name FROM tokens t JOIN workspaces w ON w.id = t.workspace_id WHERE t.token = ? AND t.kind = 'invitation'`,
    )
    .get(ctx.params.token ?? "") as { email: string; blog_name: string } | undefined;
  if (!row) return htmlPage(404, "Invitation not found", ["This invitation link is not valid."]);
  return htmlPage(200, `You're invited to ${row.blog_name}`, [
    `${row.email} has been added to the ${row.blog_name} workspace.`,
    "In the hosted service you would now set a password; the local workspace stops here.",
  ]);
}

// Only images that something in this workspace links to exist, like on a real CDN.
const IMAGE_OWNERS: Record<ImageKind, string> = {
  covers: "SELECT 1 FROM posts WHERE workspace_id = ?1 AND slug = ?2",
  thumbs: "SELECT 1 FROM posts WHERE workspace_id = ?1 AND slug = ?2 AND has_thumbnail = 1",
  avatars:
    "SELECT 1 FROM authors WHERE workspace_id = ?1 AND id = ?2 UNION SELECT 1 FROM members WHERE workspace_id = ?1 AND id = ?2",
};

export function image(ctx: RouteContext): Response {
  const kind = ctx.params.kind as ImageKind;
  const file = ctx.params.file ?? "";
  if (!Object.hasOwn(IMAGE_OWNERS, kind) || !file.endsWith(".png")) return errorResponse(404, "Not found");
  // The router has already decoded the segment; decoding again would turn "%25" into a URIError (500).
  const key = file.slice(0, -4);
  const exists =
    ctx.workspaceId !== undefined && ctx.db.prepare(IMAGE_OWNERS[kind]).get(ctx.workspaceId, key);
  if (!exists) return errorResponse(404, "Image not found");
  const png = getImage(kind, key);
  return new Response(new Uint8Array(png), {
    status: 200,
    headers: {
      "content-type": "image/png",
      "content-length": String(png.length),
      // Deterministic per key, so it never changes under the same URL.
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}

const resetSchema = z
  .object({
    posts: z.number().int().min(0).max(MAX_SYNTHETIC).optional(),
    members: z.number().int().min(0).max(MAX_SYNTHETIC).optional(),
  })
  .strict();

/** The request's JSON body as `schema` reads it, or a 422 naming each problem. */
async function readBody<S extends z.ZodType>(ctx: RouteContext, schema: S, optional = false) {
  const parsed = schema.safeParse(await readJsonObject(ctx.request, optional));
  if (parsed.success) return parsed.data as z.output<S>;
  throw new HttpError(
    422,
    parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "),
  );
}

export async function reset(ctx: RouteContext): Promise<Response> {
  const { posts = 0, members = 0 } = await readBody(ctx, resetSchema, true);
  ctx.services.reset({ posts, members });
  return json({ ok: true, synthetic: { posts, members } });
}

const postEditSchema = z.object({ title: z.string().trim().min(1).max(200) }).strict();

/** Renames a blog post as an editor would (what a revalidation is for); the page title follows. */
export async function editPost(ctx: RouteContext): Promise<Response> {
  const workspace = requireWorkspace(ctx);
  const { title } = await readBody(ctx, postEditSchema);
  const slug = ctx.params.slug ?? "";
  const result = ctx.db
    .prepare(
      `UPDATE posts SET title = ?, page_title = ? || ' | ' || (SELECT blog_name FROM workspaces WHERE id = ?)
       WHERE workspace_id = ? AND slug = ?`,
    )
    .run(title, title, workspace, workspace, slug);
  if (result.changes === 0) throw new HttpError(404, "Blog post not found");
  return json({ ok: true, slug, title });
}

/**
 * A post's full article, where the demo's BLOG_POST_URL_TEMPLATE points, so "Read the full
 * article" leads somewhere: the summary and a few sentences made from the post's own fields.
 */
export function article(ctx: RouteContext): Response {
  const workspace = requireWorkspace(ctx);
  const slug = ctx.params.slug ?? "";
  type Post = Record<
    "title" | "publication_date" | "meta_description" | "keywords" | "blog_name" | "authors",
    string
  >;
  const post = ctx.db
    .prepare(
      `SELECT p.title, p.publication_date, p.meta_description, p.keywords, w.blog_name,
        (SELECT group_concat(a.name, ', ' ORDER BY pa.position) FROM post_authors pa
         JOIN authors a ON a.id = pa.author_id WHERE pa.post_id = p.id) AS authors
       FROM posts p JOIN workspaces w ON w.id = p.workspace_id WHERE p.workspace_id = ? AND p.slug = ?`,
    )
    .get(workspace, slug) as Post | undefined;
  if (!post) return htmlPage(404, "Article not found", [`No post of this workspace has the slug "${slug}".`]);
  const keywords = (JSON.parse(post.keywords) as string[]).filter(Boolean);
  const date = new Date(post.publication_date).toISOString().slice(0, 10);
  const e = escapeHtml;
  return htmlPage(
    200,
    post.title,
    `<p class="meta">${e(post.blog_name)} · ${e(post.authors || "Unknown author")} · <time datetime="${e(post.publication_date)}">${date}</time></p>
<img src="${e(imagePath("covers", slug))}" alt="" width="1200" height="630">
<p><strong>${e(post.meta_description)}</strong></p>
<p>This is the full article of “${e(post.title)}”, as the workspace's own blog publishes it. The team's site shows the summary and links here for the rest.</p>
${keywords.length ? `<p>It is filed under ${e(keywords.join(", "))}.</p>` : ""}`,
  );
}

export const stats = (ctx: RouteContext) => json(ctx.services.stats.snapshot());

export function resetStats(ctx: RouteContext): Response {
  ctx.services.stats.reset(ctx.now);
  return stats(ctx);
}

export const getFaults = (ctx: RouteContext) => json({ fault: ctx.services.faults.fault });
export const setFaults = async (ctx: RouteContext) =>
  json({ fault: ctx.services.faults.set(await readBody(ctx, faultSchema)) });
export const clearFaults = (ctx: RouteContext) => json({ fault: ctx.services.faults.clear() });

/** A landing page so opening the base URL in a browser explains what this is. */
export function index(ctx: RouteContext): Response {
  const links = ["/__local/health", "/__local/outbox", "/__local/stats", "/__local/faults"];
  // Each post's full article is at /__local/articles/<slug>.
  return htmlPage(
    200,
    "Local workspace",
    `<p>A local implementation of the Workspace Publishing Service external API at <code>${escapeHtml(ctx.origin)}/api/external/v2</code>.</p>
<ul>${links.map((l) => `<li><a href="${l}">${l}</a></li>`).join("")}</ul>`,
  );
}
