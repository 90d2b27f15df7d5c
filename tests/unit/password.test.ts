import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword, verifyPasswordSync } from "@/lib/config/password-hash";

describe("password checks", () => {
  const stored = hashPassword("correct horse battery staple");

  it("hash off the event loop: other work runs while a check is under way", async () => {
    let turned = false;
    setImmediate(() => (turned = true));
    // A synchronous scrypt would finish before the event loop could turn even once.
    const ok = await verifyPassword("correct horse battery staple", stored);
    expect(ok).toBe(true);
    expect(turned).toBe(true);
  });

  it("async and sync checks agree; a malformed stored hash fails", async () => {
    expect(await verifyPassword("wrong", stored)).toBe(false);
    expect(verifyPasswordSync("correct horse battery staple", stored)).toBe(true);
    expect(verifyPasswordSync("wrong", stored)).toBe(false);
    expect(await verifyPassword("x", "scrypt:nope")).toBe(false);
  });
});
