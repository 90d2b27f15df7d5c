import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { newRecoveryCodes } from "../../lib/admin/recovery-codes";
import { SqlitePasskeyStore } from "../../lib/admin/passkeys/store";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_HASH, DEMO_ADMIN_PASSWORD } from "../../lib/config/schema";
import { startSecondServer, type SecondServer } from "../helpers/e2e-second-server";
import { jsonPostHeaders } from "../helpers/json-post";
import { until } from "../helpers/until";
import * as workspace from "../helpers/workspace-controls";

/*
 * docs/operations.md's Backups, as an operator runs them: an instance on the embedded engine holds
 * a signup waiting for delivery (the workspace refuses subscriptions meanwhile), a passkey and a
 * spent recovery code; the backup block runs while it serves; it stops; the restore block fills a
 * new instance's empty folder. The new instance delivers the signup once the workspace takes it
 * (once), lists the passkey, and still refuses the spent code.
 */

const ROOT = path.resolve(__dirname, "../..");
const WORKSPACE = workspace.E2E_WORKSPACE_URL;
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const recovery = newRecoveryCodes(DEMO_ADMIN_EMAIL);
const SIGNUP = `backup-${Date.now().toString(36)}@example.org`;
const PASSKEY_ID = `backup-passkey-${Date.now().toString(36)}`;

const scratch = mkdtempSync(path.join(os.tmpdir(), "masthead-backup-"));
const dataOf = (name: string) => path.join(scratch, name);
const running: SecondServer[] = [];

/** The shell blocks of docs/operations.md's Backups section: the backup, then the restore. */
function backupBlocks(): [string, string] {
  const doc = readFileSync(path.join(ROOT, "docs/operations.md"), "utf8");
  const section = doc.slice(doc.indexOf("\n## Backups\n")).split(/\n## /)[1]!;
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks, "the backup and the restore blocks").toHaveLength(2);
  return blocks as [string, string];
}

/** A block as written, with this test's folders for `DATA=` and `BACKUP=`. */
function runBlock(block: string, vars: { DATA: string; BACKUP: string }): void {
  const script = block
    .replace(/^DATA=.*$/m, `DATA=${vars.DATA}`)
    .replace(/^BACKUP=\/var\/backups\/masthead\//m, `BACKUP=${vars.BACKUP}/`);
  const run = spawnSync("bash", ["-euo", "pipefail", "-c", script], { cwd: ROOT, encoding: "utf8" });
  expect(run.status, `${script}\n${run.stdout}${run.stderr}`).toBe(0);
}

function instanceEnv(dir: string): Record<string, string> {
  return {
    ADMIN_USERS: `${DEMO_ADMIN_EMAIL}=${DEMO_ADMIN_HASH}`,
    ADMIN_TOTP: `${DEMO_ADMIN_EMAIL}=${SECRET}`,
    ADMIN_RECOVERY_CODES: recovery.entry,
    DELIVERY_STORE_PATH: path.join(dir, "newsletter-delivery.sqlite"),
    ADMIN_PASSKEY_STORE_PATH: path.join(dir, "admin-passkeys.sqlite"),
  };
}

/** The password, then `code` where the authenticator's code goes: the second step's status. */
async function signInWithCode(site: string, code: string): Promise<number> {
  const first = await fetch(`${site}/api/admin/login`, {
    method: "POST",
    headers: jsonPostHeaders(site),
    body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD }),
  });
  expect(await first.json()).toEqual({ step: "code" });
  const step = first.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("masthead_login_step="));
  const second = await fetch(`${site}/api/admin/login`, {
    method: "POST",
    headers: jsonPostHeaders(site, { cookie: step ?? "" }),
    body: JSON.stringify({ code }),
  });
  return second.status;
}

test.afterAll(async () => {
  for (const server of running) await server.stop();
  await workspace.setFault(WORKSPACE, null);
  rmSync(scratch, { recursive: true, force: true });
});

test("a backup taken while an instance runs restores a waiting signup, a passkey and a spent recovery code into a new instance", async () => {
  test.setTimeout(300_000);
  const [backupBlock, restoreBlock] = backupBlocks();
  const old = dataOf("old");
  const A = await startSecondServer(instanceEnv(old));
  running.push(A);

  // A signup the workspace refuses for now: kept, waiting.
  await workspace.setFault(WORKSPACE, {
    mode: "status",
    status: 503,
    pathPrefix: "/api/external/v2/email-subscriptions",
  });
  const signup = await fetch(`${A.url}/api/newsletter`, {
    method: "POST",
    headers: jsonPostHeaders(A.url),
    body: JSON.stringify({ email: SIGNUP }),
  });
  expect(signup.status).toBe(202);

  // A recovery code spent: it signs in once.
  expect(await signInWithCode(A.url, recovery.codes[0]!)).toBe(200);

  // A passkey, written through the store the instance reads (the file it reads).
  const store = new SqlitePasskeyStore(path.join(old, "admin-passkeys.sqlite"));
  expect(
    await store.add({
      id: PASSKEY_ID,
      email: DEMO_ADMIN_EMAIL,
      publicKey: "cHVibGljLWtleQ",
      counter: 0,
      transports: ["internal"],
      deviceType: "multiDevice",
      backedUp: true,
      userHandle: "dXNlci1oYW5kbGU",
      name: "Backup laptop",
      createdAt: Date.now(),
      lastUsedAt: null,
    }),
  ).toBe(true);
  await store.close();

  // The backup, while A serves.
  const backups = dataOf("backups");
  runBlock(backupBlock, { DATA: old, BACKUP: backups });
  const [taken] = readdirSync(backups);
  expect(readdirSync(path.join(backups, taken!)).sort()).toEqual([
    "admin-passkeys.sqlite",
    "newsletter-delivery.sqlite",
    "used-once.sqlite",
  ]);
  await A.stop();
  running.splice(running.indexOf(A), 1);
  expect(await workspace.outbox(WORKSPACE, SIGNUP), "nothing delivered by the old instance").toEqual([]);

  // The restore, into a new instance's empty folder, then the workspace takes subscriptions again.
  const fresh = dataOf("new");
  runBlock(restoreBlock.replace(/^BACKUP=.*$/m, `BACKUP=${path.join(backups, taken!)}`), {
    DATA: fresh,
    BACKUP: backups,
  });
  await workspace.setFault(WORKSPACE, null);
  const B = await startSecondServer(instanceEnv(fresh));
  running.push(B);

  await until(async () => (await workspace.outbox(WORKSPACE, SIGNUP)).length > 0, {
    what: "the restored signup delivered",
    timeoutMs: 90_000,
    intervalMs: 500,
  });
  const mail = await workspace.outbox(WORKSPACE, SIGNUP);
  expect(mail).toHaveLength(1);
  expect(mail[0]).toMatchObject({ to: SIGNUP, kind: "verification" });

  const list = spawnSync("npm", ["run", "-s", "admin-passkeys", "--", "list", DEMO_ADMIN_EMAIL], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, ...instanceEnv(fresh) },
  });
  expect(list.status, list.stderr).toBe(0);
  expect(list.stdout).toContain(PASSKEY_ID);
  expect(list.stdout).toContain("Backup laptop");

  expect(await signInWithCode(B.url, recovery.codes[0]!), "the spent code, after the restore").toBe(401);
  expect(await signInWithCode(B.url, recovery.codes[1]!), "an unspent one").toBe(200);
  // Still once, a while after the new instance's worker first ran.
  expect(await workspace.outbox(WORKSPACE, SIGNUP)).toHaveLength(1);
});
