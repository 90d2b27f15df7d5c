import "server-only";
import { workspace } from "../workspace";
import { deliveryView, type DeliveryView } from "./delivery";
import { mapWorkspaceError } from "./errors";
import { memberCounts } from "./members";

/*
 * The admin dashboard's figures, each loaded on its own: one that fails leaves the others
 * showing, and the first workspace failure becomes the one message above them.
 */

export type DashboardFigures = {
  members: number | undefined;
  activeMembers: number | undefined;
  posts: number | undefined;
  /** null when the signup store could not be reached. */
  delivery: DeliveryView | null;
  /** What the admin is told when the workspace could not supply some figures. */
  problem: string | null;
};

export async function dashboardFigures(): Promise<DashboardFigures> {
  const [members, posts, delivery] = await Promise.allSettled([
    memberCounts(),
    workspace().listBlogSlugs(),
    deliveryView(),
  ]);
  const problem =
    members.status === "rejected"
      ? mapWorkspaceError(members.reason).error
      : posts.status === "rejected"
        ? mapWorkspaceError(posts.reason).error
        : null;
  return {
    members: members.status === "fulfilled" ? members.value.total : undefined,
    activeMembers: members.status === "fulfilled" ? members.value.active : undefined,
    posts: posts.status === "fulfilled" ? posts.value.length : undefined,
    // deliveryView() answers null itself when the store is unreachable.
    delivery: delivery.status === "fulfilled" ? delivery.value : null,
    problem,
  };
}
