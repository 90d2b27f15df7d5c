import { revalidatePath } from "next/cache";

/*
 * POST /api/revalidate: every page and route is rendered again on its next view, as Masthead's
 * /api/revalidate does for the blog. The bench calls it so that this app, like Masthead, serves
 * a page its own process regenerated (see bench/serving.ts).
 */
export function POST() {
  revalidatePath("/", "layout");
  return Response.json({ revalidated: true });
}
