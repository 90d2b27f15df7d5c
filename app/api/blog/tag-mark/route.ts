import { blogTagMark } from "@/lib/blog/tag-mark";

/*
 * The blog tag's current mark (lib/blog/tag-mark.ts), for this instance's own blog store: it asks
 * once a second, so a revalidation made on another instance reaches its copy of the blog without
 * waiting for a reader. Public and harmless: an id and when the blog was last revalidated.
 */

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return Response.json(await blogTagMark(), { headers: { "cache-control": "no-store" } });
}
