/*
 * `npm run hash-password`: prints an ADMIN_USERS entry for a password read from
 * standard input (never from argv, which lands in shell history and `ps`).
 */
import { createInterface } from "node:readline";
import { hashPassword } from "../config/password-hash";

const email = process.argv[2]?.trim().toLowerCase();
const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY });
rl.question(email ? `Password for ${email}: ` : "Password: ", (password) => {
  rl.close();
  if (password.length < 12) {
    console.error("Choose a password of at least 12 characters.");
    process.exit(1);
  }
  const hash = hashPassword(password);
  console.log(email ? `${email}=${hash}` : hash);
});
