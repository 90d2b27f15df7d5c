import { isLoopbackHostname, localModeListenRefusal } from "../config/local-mode";

/*
 * Which address `npm start` / `npm run dev` listen on. Local mode runs with the public demo
 * password, so loopback only (another HOSTNAME stops the start); otherwise HOSTNAME decides,
 * unset meaning every interface.
 */

export type ListenPlan =
  { hostname: string | undefined; message: string; refused?: undefined } | { refused: string };

export function listenPlan(opts: {
  hostnameEnv: string | undefined;
  localMode: boolean;
  port: string;
}): ListenPlan {
  const chosen = opts.hostnameEnv?.trim() || undefined;
  if (opts.localMode) {
    if (chosen && !isLoopbackHostname(chosen)) return { refused: localModeListenRefusal(chosen) };
    const hostname = chosen ?? "127.0.0.1";
    return {
      hostname,
      message:
        `Listening on ${hostname}:${opts.port} only: local mode uses the public demo password and secrets. ` +
        `Configure your workspace (WORKSPACE_URL and the rest) to serve the network.`,
    };
  }
  if (chosen) return { hostname: chosen, message: `Listening on ${chosen}:${opts.port} (HOSTNAME).` };
  return { hostname: undefined, message: `Listening on every interface, port ${opts.port}.` };
}
