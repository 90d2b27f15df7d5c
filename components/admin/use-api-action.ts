"use client";

import { useState } from "react";
import { useApi, type ApiFail, type ApiResult } from "./api";
import type { ActionStatus } from "./ui";

/**
 * The admin's busy → call → status pattern in one place: `run` marks the action busy, awaits
 * the call, shows the API's error sentence on failure (and passes it to `onFail`), and
 * otherwise lets `done` say what happened. It answers the data, or null on failure.
 */
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
