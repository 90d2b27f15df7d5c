import "server-only";
import { env } from "../config/env";
import { loadBlog } from "./source";

/** The name the public pages show; without the blog (a 404 must never turn into a 500), the configured one. */
export async function siteName(): Promise<string> {
  return loadBlog().then(
    ({ blog }) => blog.name,
    () => env().site.name ?? "Masthead",
  );
}
