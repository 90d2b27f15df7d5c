import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { sessionEnded, type SessionEnded } from "./access";
import { SESSION_COOKIE, readSessionValue, type AdminSession } from "./session";

/** The session, checked once per render (layout and page ask together): what opened it and the workspace too. */
const checkedSession = cache(
  async (): Promise<{ session: AdminSession | null; ended: SessionEnded["code"] | null }> => {
    const session = await currentAdmin();
    if (!session) return { session: null, ended: null };
    const ended = await sessionEnded(session);
    return ended ? { session: null, ended: ended.code } : { session, ended: null };
  },
);

/** The session, or a redirect to the login page saying why; pages call it themselves (layouts are not re-run on every navigation). */
export async function requireAdminPage(returnTo?: string): Promise<AdminSession> {
  const { session, ended } = await checkedSession();
  if (ended) redirect(`/admin/login?error=${ended}`);
  if (!session)
    redirect(
      returnTo && returnTo !== "/admin"
        ? `/admin/login?next=${encodeURIComponent(returnTo)}`
        : "/admin/login",
    );
  return session;
}

/** The signed-in admin for the login page (which sends them on); the workspace is asked by the page they land on. */
export async function currentAdmin(): Promise<AdminSession | null> {
  return readSessionValue((await cookies()).get(SESSION_COOKIE)?.value);
}
