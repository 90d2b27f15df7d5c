import { siteText } from "@/lib/config/text";
import { z } from "zod";
import { errorResponse, invalidInput, jsonResponse, readSameOriginJson } from "@/lib/admin/http";
import { signInOptions } from "@/lib/admin/passkeys/ceremony";
import { ChallengesFull } from "@/lib/admin/passkeys/challenges";
import { env } from "@/lib/config/env";
import { whoIsAsking } from "@/lib/http/client-key";
import { budget, takeEach } from "@/lib/state/budget";

export const dynamic = "force-dynamic";

// POST /api/admin/passkeys/sign-in/options {}: a discoverable sign-in's options. Each challenge is state, so
// a client and its holder may start only so many a minute (budgets of their own).
const NoFields = z.strictObject({});
const perMinute = (name: string, points: number) =>
  budget(name, { points, durationSeconds: 60 }, { onStoreFailure: "refuse" });

export async function POST(request: Request): Promise<Response> {
  const read = await readSameOriginJson(request);
  if (!read.ok) return read.response;
  const parsed = NoFields.safeParse(read.value);
  if (!parsed.success) return invalidInput(parsed.error);
  const { client, holder } = whoIsAsking(request, env().trustProxy);
  const limited = await takeEach([
    [perMinute("admin-passkey-options-client", 30), client],
    [perMinute("admin-passkey-options-holder", 90), holder],
  ]);
  if (limited !== null) return wait(429, limited);
  try {
    return jsonResponse({ options: await signInOptions() });
  } catch (error) {
    if (error instanceof ChallengesFull) return wait(503, error.retryAfterSeconds);
    throw error;
  }
}

const wait = (status: 429 | 503, seconds: number) =>
  errorResponse(
    status,
    siteText()(status === 429 ? "admin.passkey.rateLimited" : "admin.passkey.busy"),
    { code: status === 429 ? "rate_limited" : "busy" },
    { "Retry-After": String(seconds) },
  );
