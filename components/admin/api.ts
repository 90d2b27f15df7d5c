"use client";

import { useState } from "react";
import type { ActionStatus } from "./ui";
import { useAdminText } from "./words";

// The admin UI's one way to call /api/admin: every failure becomes a sentence to show by the action.

type ApiFail = { ok: false; error: string; fields?: Record<string, string>; code?: string };
export type ApiResult<T> = { ok: true; data: T } | ApiFail;

export function useApi() {
  const { t } = useAdminText();
  return async <T>(
    url: string,
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    body?: unknown,
    /** The sign-in: it has no session to lose, so its 401s are refusals in the server's words. */
    { signIn = false }: { signIn?: boolean } = {},
  ): Promise<ApiResult<T>> => {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      return { ok: false, error: t("admin.api.offline") };
    }
    // A body that is not JSON (a proxy's error page) is answered by its status alone.
    const data: unknown = await res.json().catch(() => null);
    if (res.ok) return { ok: true, data: data as T };
    const obj = (data && typeof data === "object" ? data : {}) as Partial<Record<string, unknown>>;
    const code = typeof obj.code === "string" ? obj.code : undefined;
    const error = typeof obj.error === "string" ? obj.error : undefined;
    // A 401 that names its reason (the workspace ended the session, a refused sign-in code) says
    // it in its own words; any other one means the session is gone.
    if (res.status === 401 && !signIn && !(code && error))
      return { ok: false, error: t("admin.api.expired") };
    return {
      ok: false,
      error: error ?? t("admin.api.failed", { status: String(res.status) }),
      fields: obj.fields as Record<string, string> | undefined,
      code,
    };
  };
}

/** Busy → call → status: a failure's sentence (passed to `onFail` too), else what `done` says; null on failure. */
export function useApiAction(onFail?: (failure: ApiFail) => void) {
  const callApi = useApi();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<ActionStatus>(null);

  async function run<T>(
    call: (api: typeof callApi) => Promise<ApiResult<T>>,
    done?: (data: T) => string | void,
  ): Promise<T | null> {
    setBusy(true);
    setStatus(null);
    const res = await call(callApi);
    setBusy(false);
    if (!res.ok) {
      onFail?.(res);
      setStatus({ kind: "error", text: res.error });
      return null;
    }
    const text = done?.(res.data);
    if (text) setStatus({ kind: "ok", text });
    return res.data;
  }

  return { busy, status, setStatus, run };
}
