import { parseAdminUsers } from "./admin-access";
import { Refusal, variable } from "./variable";

// Variables with public demo defaults in local mode (the README gives the demo sign-in), refused in remote mode.

export type Mode = "local" | "remote";

export const REQUIRED = "is required when WORKSPACE_URL is set.";

export const DEMO_SESSION_SECRET = "masthead-local-demo-session-secret-do-not-use";
export const DEMO_REVALIDATE_SECRET = "masthead-local-demo-revalidate-secret";
export const DEMO_ADMIN_EMAIL = "admin@example.com";
export const DEMO_ADMIN_PASSWORD = "masthead-demo";
// scrypt hash of DEMO_ADMIN_PASSWORD (fixed salt so the default is reproducible).
export const DEMO_ADMIN_HASH =
  "scrypt:6d617374686561642d64656d6f2d3031:5a1e637d1841ada02ed67b6092f7647d3f9778ebc983f6d0ab179625f69a6cb96564d7c349ca088227b178e75e9492d5c80971c3aa576bb427dfded65bb4be4b";

export function secrets(mode: Mode) {
  const sessionFix =
    "set it to a random string of at least 32 characters, e.g. the output of `openssl rand -base64 48`.";
  const siteFix = "set it to the public address of this site, e.g. https://www.your-team.org.";
  return {
    SESSION_SECRET: variable(sessionFix, (secret) => {
      if (secret === undefined) return mode === "local" ? DEMO_SESSION_SECRET : new Refusal(REQUIRED);
      if (secret.length < 32)
        return new Refusal(`is ${secret.length} characters; at least 32 are needed to seal sessions safely.`);
      if (mode === "remote" && secret === DEMO_SESSION_SECRET)
        return new Refusal(
          "is the public demo secret.",
          "set it to your own random string, e.g. the output of `openssl rand -base64 48`.",
        );
      return secret;
    }),
    // Whether an admin uses the demo password takes scrypt: lib/config/startup.ts checks it.
    ADMIN_USERS: variable(
      "set ADMIN_USERS to `email=hash` entries separated by commas; print a hash with `npm run hash-password`.",
      (raw) => {
        if (raw === undefined)
          return mode === "local"
            ? [{ email: DEMO_ADMIN_EMAIL, passwordHash: DEMO_ADMIN_HASH }]
            : new Refusal(REQUIRED);
        const { users, errors } = parseAdminUsers(raw);
        if (errors.length) return new Refusal(errors.join(" "));
        if (users.length === 0) return new Refusal("lists no admin.");
        return users;
      },
    ),
    SITE_URL: variable(siteFix, (url) => {
      if (url === undefined)
        return mode === "local"
          ? undefined
          : new Refusal("is required when WORKSPACE_URL is set (canonical URLs, sitemaps and feeds use it).");
      if (!/^https?:\/\/[^/\s]+/i.test(url) || !URL.canParse(url))
        return new Refusal(`"${url}" is not an absolute http(s) URL.`);
      return url.replace(/\/+$/, "");
    }),
    REVALIDATE_SECRET: variable(
      "set it to a random string of at least 32 characters, or unset it to disable POST /api/revalidate.",
      (secret): string | null | Refusal => {
        if (secret === undefined) return mode === "local" ? DEMO_REVALIDATE_SECRET : null;
        if (secret === DEMO_REVALIDATE_SECRET)
          return mode === "local"
            ? secret
            : new Refusal(
                "is the public demo secret.",
                "set it to your own random string of at least 32 characters.",
              );
        if (secret.length < 32) return new Refusal("is shorter than 32 characters.");
        return secret;
      },
    ),
  };
}
