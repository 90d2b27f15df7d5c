import "server-only";
import { messageWire } from "./schemas";
import { call, type Workspace } from "./transport";
import type { Message } from "./types";

/* The newsletter's one endpoint. */

export async function addSubscriber(ws: Workspace, email: string): Promise<Message> {
  // Accept is not listed for this endpoint, so it is not sent.
  return call(
    ws,
    {
      operation: "subscribe",
      method: "POST",
      path: "/v2/email-subscriptions",
      body: { email },
      accept: false,
      retry: "unprocessed",
    },
    messageWire,
  );
}
