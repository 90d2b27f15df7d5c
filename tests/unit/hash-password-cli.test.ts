import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { verifyPasswordSync } from "@/lib/config/password-hash";
import { until } from "@/tests/helpers/until";

/*
 * `npm run hash-password` as a person runs it: typed on a terminal (a pseudo-terminal from
 * util-linux's `script`), where the password must not appear, and piped, as scripts run it.
 */

const ROOT = path.resolve(__dirname, "../..");
const CLI = ["--import", "tsx", "lib/admin/hash-password-cli.ts"];
const PASSWORD = "typed-on-a-terminal-42";
const hasScript = spawnSync("script", ["--version"]).status === 0;

function run(args: string[], input: string): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
  child.stdin.end(input);
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout })));
}

describe("npm run hash-password", () => {
  it("piped: reads the line and prints the ADMIN_USERS entry on stdout", async () => {
    const { code, stdout } = await run(["Ops@Example.org"], `${PASSWORD}\n`);
    expect(code).toBe(0);
    const [email, hash] = stdout.trim().split("=");
    expect(email).toBe("ops@example.org");
    expect(verifyPasswordSync(PASSWORD, hash!)).toBe(true);
  });

  it("piped without a trailing newline (printf): the same entry", async () => {
    const { code, stdout } = await run([], PASSWORD);
    expect(code).toBe(0);
    expect(verifyPasswordSync(PASSWORD, stdout.trim())).toBe(true);
  });

  it("piped: a short password is refused", async () => {
    expect((await run([], "short\n")).code).toBe(1);
  });

  it.skipIf(!hasScript)(
    "on a terminal: the typed password is not shown, and its hash is printed",
    async () => {
      const command = [process.execPath, ...CLI].join(" ");
      const child = spawn("script", ["-qfec", command, "/dev/null"], {
        cwd: ROOT,
        stdio: ["pipe", "pipe", "pipe"],
      });
      let screen = "";
      child.stdout.on("data", (c: Buffer) => (screen += c.toString("utf8")));
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      // Typed once the prompt shows, as a person would (before it, the terminal itself echoes).
      await until(() => screen.includes("Password: "), {
        what: "the prompt",
        timeoutMs: 20_000,
        detail: () => screen,
      });
      child.stdin.write(`${PASSWORD}\r`);
      await until(() => /scrypt:\S+/.test(screen), {
        what: "the hash",
        timeoutMs: 20_000,
        detail: () => screen,
      });
      child.stdin.end();
      expect(await exited).toBe(0);
      expect(screen).not.toContain(PASSWORD);
      expect(screen).not.toContain(PASSWORD.slice(0, 6));
      const hash = /scrypt:\S+/.exec(screen)![0];
      expect(verifyPasswordSync(PASSWORD, hash)).toBe(true);
    },
  );
});
