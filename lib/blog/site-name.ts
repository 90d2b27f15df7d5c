import "server-only";
import { env } from "../config/env";
import { loadBlog } from "./source";

/** The site's name as the public pages show it, for the admin area; without the blog, the configured one. */
export async function siteName(): Promise<string> {
  return loadBlog().then(
    ({ blog }) => blog.name,
    () => env().site.name ?? "Masthead",
  );
}
