import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { SESSION_COOKIE, readSessionValue, type AdminSession } from "./session";

/**
 * For admin pages and layouts: the session, or a redirect to the login page. Pages call it
 * themselves (layouts are not re-run on every client navigation, and proxy.ts is only a first gate).
 */
export async function requireAdminPage(returnTo?: string): Promise<AdminSession> {
  const store = await cookies();
  const session = await readSessionValue(store.get(SESSION_COOKIE)?.value);
  if (!session)
    redirect(
      returnTo && returnTo !== "/admin"
        ? `/admin/login?next=${encodeURIComponent(returnTo)}`
        : "/admin/login",
    );
  return session;
}

export async function currentAdmin(): Promise<AdminSession | null> {
  const store = await cookies();
  return readSessionValue(store.get(SESSION_COOKIE)?.value);
}
