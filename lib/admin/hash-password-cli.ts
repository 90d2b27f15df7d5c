// `npm run hash-password`: an ADMIN_USERS entry for a password read from stdin (never argv: shell
// history, `ps`). A terminal echoes only the prompt; piped input's first line counts.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { hashPassword } from "../config/password-hash";

const email = process.argv[2]?.trim().toLowerCase();
const prompt = email ? `Password for ${email}: ` : "Password: ";
const terminal = Boolean(process.stdin.isTTY);

let hidden = false;
const output = new Writable({
  write(chunk: Buffer, _encoding, done) {
    if (!hidden) process.stderr.write(chunk);
    done();
  },
});

function printEntry(password: string): void {
  if (password.length < 12) {
    console.error("Choose a password of at least 12 characters.");
    process.exit(1);
  }
  const hash = hashPassword(password);
  console.log(email ? `${email}=${hash}` : hash);
}

if (terminal) {
  const rl = createInterface({ input: process.stdin, output, terminal });
  // In raw mode Ctrl-C reaches readline, not the process: stop as a terminal would.
  rl.on("SIGINT", () => {
    process.stderr.write("\n");
    process.exit(130);
  });
  rl.question(prompt, (password) => {
    rl.close();
    // The Enter key was not echoed either.
    process.stderr.write("\n");
    printEntry(password);
  });
  // The prompt has been written (question() writes it at once); from here on nothing is shown.
  hidden = true;
} else {
  printEntry(readFileSync(0, "utf8").split(/\r?\n/, 1)[0]!);
}
