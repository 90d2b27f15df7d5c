import { type ApiContext, HttpError, json, readJsonObject, requireEmail } from "../http";
import { sendEmail } from "../outbox";
import { blogName, transaction } from "../store";

export const ALREADY_SUBSCRIBED = "Email is already subscribed";

/**
 * API decision 3: body `{ email }`; an unverified address gets a fresh verification email (201
 * again), a verified one is refused with the document's text. Accept is not required here.
 */
export async function addSubscriber(ctx: ApiContext): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  if (body.email == null || body.email === "") throw new HttpError(422, "email is required");
  const email = requireEmail(body.email);

  const { db, workspaceId, now } = ctx;
  const existing = db
    .prepare("SELECT verified_at FROM subscribers WHERE workspace_id = ? AND email = ?")
    .get(workspaceId, email) as { verified_at: string | null } | undefined;
  if (existing?.verified_at) throw new HttpError(422, ALREADY_SUBSCRIBED);

  const name = blogName(db, workspaceId);
  transaction(db, () => {
    const insert = "INSERT OR IGNORE INTO subscribers (workspace_id, email, created_at) VALUES (?, ?, ?)";
    db.prepare(insert).run(workspaceId, email, now.toISOString());
    sendEmail(ctx, {
      to: email,
      kind: "verification",
      subject: `Confirm your subscription to ${name}`,
      // Tokens are base64url: nothing to encode.
      link: `${ctx.origin}/__local/verify?token=`,
    });
  });
  return json(
    {
      message: `A verification email has been sent to ${email}. Please verify it to complete the subscription.`,
    },
    201,
  );
}
