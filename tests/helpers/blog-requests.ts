import { expect, vi } from "vitest";
import type { LocalWorkspaceServer } from "@/lib/local-workspace";
import * as workspace from "./workspace-controls";

/** How many blog-list and slug-list requests the workspace has counted since its stats were reset. */
export async function blogRequests(server: LocalWorkspaceServer): Promise<{ list: number; slugs: number }> {
  const { byRoute } = await workspace.stats(server.url);
  return {
    list: byRoute["GET /api/external/v2/blog-posts"] ?? 0,
    slugs: byRoute["GET /api/external/v2/blog-posts/slugs"] ?? 0,
  };
}

/**
 * A build's data step that fails rejects its Promise.all while the sibling request may still be in
 * flight or retrying. Waits until each of the two requests has made its `attempts` (1, or 2 where
 * the status is retried: the build allows one retry), so no straggler lands after the counters are
 * reset and counts against what the test measures next. The workspace counts a request on arrival,
 * before any fault applies.
 */
export async function untilBothGaveUp(server: LocalWorkspaceServer, attempts: 1 | 2): Promise<void> {
  await vi.waitFor(
    async () => {
      expect(await blogRequests(server)).toEqual({ list: attempts, slugs: attempts });
    },
    { timeout: 5_000, interval: 25 },
  );
}
