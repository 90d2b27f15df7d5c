/*
 * Which address `npm start` / `npm run dev` listen on. In local mode the site runs with the
 * public demo password and secrets, so anyone who could reach it could sign in to /admin or
 * forge a session: it listens on loopback only unless HOSTNAME says otherwise (the variable
 * Next's own standalone server reads). With a real workspace the configuration is the
 * operator's own, and Next's default (every interface) is kept.
 */

export type ListenPlan = { hostname: string | undefined; message: string };

export function listenPlan(opts: {
  hostnameEnv: string | undefined;
  localMode: boolean;
  port: string;
}): ListenPlan {
  const chosen = opts.hostnameEnv?.trim();
  if (chosen) return { hostname: chosen, message: `Listening on ${chosen}:${opts.port} (HOSTNAME).` };
  if (opts.localMode)
    return {
      hostname: "127.0.0.1",
      message:
        `Listening on 127.0.0.1:${opts.port} only: local mode uses the public demo password and secrets. ` +
        `Set HOSTNAME (e.g. HOSTNAME=0.0.0.0) to listen elsewhere.`,
    };
  return { hostname: undefined, message: `Listening on every interface, port ${opts.port}.` };
}
