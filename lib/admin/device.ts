import "server-only";
import { randomBytes } from "node:crypto";
import { seal, unseal, type AdminCookie } from "./session";

// Device cookies (OWASP's answer to lockout as a weapon): a browser that signed in to an account is
// judged by its own small failure budget, not the strangers' (login-throttle.ts). Sign-in path only.

export const DEVICE: AdminCookie = {
  name: "masthead_device",
  maxAge: 90 * 24 * 60 * 60,
  path: "/api/admin/login",
};

export type Device = { email: string; id: string };

/** A new device cookie value for `email` (a fresh id on every successful sign-in). */
export function sealDevice(email: string): Promise<string> {
  return seal({ email, id: randomBytes(18).toString("base64url") }, "device-cookie", DEVICE.maxAge);
}

export function readDevice(value: string | undefined | null): Promise<Device | null> {
  return unseal<Device>(
    value,
    "device-cookie",
    DEVICE.maxAge,
    (d) => typeof d.email === "string" && typeof d.id === "string",
    1_000,
  );
}
