"use client";

import { useState } from "react";
import type { ApiResult } from "./api";

export type ActionStatus = { kind: "ok" | "error"; text: string } | null;

/**
 * The admin's busy → call → status pattern in one place: `run` marks the action busy, awaits
 * the call, shows the API's error sentence on failure, and otherwise lets `onOk` say what
 * happened (its return value becomes the success message).
 */
export function useApiAction() {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<ActionStatus>(null);

  async function run<T>(
    call: () => Promise<ApiResult<T>>,
    onOk: (data: T) => string | void,
    onFail?: (failure: Extract<ApiResult<T>, { ok: false }>) => void,
  ): Promise<void> {
    setBusy(true);
    setStatus(null);
    const res = await call();
    setBusy(false);
    if (!res.ok) {
      onFail?.(res);
      setStatus({ kind: "error", text: res.error });
      return;
    }
    const text = onOk(res.data);
    if (text) setStatus({ kind: "ok", text });
  }

  return { busy, status, setStatus, run };
}
