"use client";

import type { Translate } from "@/lib/i18n/translate";
import { useAdminText } from "./words";

/*
 * The admin UI's one way to call /api/admin: JSON in and out, and every failure turned into
 * a sentence to show next to the action (including "offline" and "signed out").
 */

export type ApiOk<T> = { ok: true; status: number; data: T };
export type ApiFail = {
  ok: false;
  status: number;
  error: string;
  fields?: Record<string, string>;
  invalidEmails?: string[];
  code?: string;
};
export type ApiResult<T> = ApiOk<T> | ApiFail;
type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** `callApi` with the failures it words itself in the admin's language. */
export function useApi() {
  const { t } = useAdminText();
  return <T>(url: string, method: Method, body?: unknown, options?: { signIn?: boolean }) =>
    call<T>(t, url, method, body, options);
}

async function call<T>(
  t: Translate,
  url: string,
  method: Method,
  body?: unknown,
  /** The sign-in: it has no session to lose, so its 401s are refusals in the server's words. */
  { signIn = false }: { signIn?: boolean } = {},
): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: "same-origin",
      headers:
        body === undefined
          ? { Accept: "application/json" }
          : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: t("admin.api.offline") };
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // a body that is not JSON (a proxy's error page): handled below by status
  }
  const obj = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  if (res.ok) return { ok: true, status: res.status, data: data as T };
  if (res.status === 401 && !signIn) {
    // A 401 that names its reason (the workspace ended the session, a refused sign-in code) says
    // it in its own words; any other one means the session is gone.
    const named = typeof obj.code === "string" && typeof obj.error === "string";
    return {
      ok: false,
      status: 401,
      error: named ? (obj.error as string) : t("admin.api.expired"),
      code: named ? (obj.code as string) : "unauthenticated",
    };
  }
  return {
    ok: false,
    status: res.status,
    error: typeof obj.error === "string" ? obj.error : t("admin.api.failed", { status: String(res.status) }),
    fields: obj.fields as Record<string, string> | undefined,
    invalidEmails: obj.invalidEmails as string[] | undefined,
    code: typeof obj.code === "string" ? obj.code : undefined,
  };
}
