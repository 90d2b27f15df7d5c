import "server-only";
import { env } from "../config/env";
import { loadBlog } from "./source";

/**
 * The name the site goes by, for pages outside the public site (the admin area): the team's
 * (SITE_CONFIG's `name`), else the workspace's blog name, as the public pages show it. Without
 * the blog (the workspace unreachable) the configured name, else the product's.
 */
export async function siteName(): Promise<string> {
  return loadBlog().then(
    ({ blog }) => blog.name,
    () => env().site.name ?? "Masthead",
  );
}
