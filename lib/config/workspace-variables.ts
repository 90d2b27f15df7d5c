import { LOCAL_DEMO_API_KEY } from "./defaults.mjs";
import { REQUIRED } from "./secrets";
import { Refusal, variable } from "./variable";

/** Subdomains copied from documentation samples; the service answers 401 for them (lib/local-workspace/README.md, API decision 8). */
const SAMPLE_SUBDOMAINS = new Set([
  "workspace_subdomain",
  "workspace-subdomain",
  "your-subdomain",
  "your_subdomain",
  "yoursubdomain",
  "subdomain",
  "your-workspace",
  "yourworkspace",
  "example",
  "spinkart",
]);

export const workspaceApiBase = variable(
  "set it to your workspace's address, e.g. https://<your workspace's real subdomain>.<service host>, as shown in the Admin panel.",
  (raw = "") => {
    if (/[<>{}]/.test(raw)) return new Refusal(`"${raw}" still contains a placeholder.`);
    if (!URL.canParse(raw)) return new Refusal(`"${raw}" is not an absolute URL.`);
    const url = new URL(raw);
    if (url.protocol !== "https:" && url.protocol !== "http:")
      return new Refusal(`"${raw}" must start with https://.`);
    const subdomain = url.hostname.split(".")[0]?.toLowerCase() ?? "";
    if (SAMPLE_SUBDOMAINS.has(subdomain))
      return new Refusal(
        `"${url.hostname}" uses the sample subdomain "${subdomain}", which the service answers with 401.`,
      );
    const path = url.pathname.replace(/\/+$/, "").replace(/\/api\/external(\/v[12])?$/, "");
    return `${url.origin}${path}/api/external`;
  },
);

export const workspaceApiKey = variable(
  "copy the full key from your workspace's Admin panel under API keys.",
  (key) => {
    if (key === undefined)
      return new Refusal(
        REQUIRED,
        "create a key in your workspace's Admin panel under API keys and set WORKSPACE_API_KEY to it.",
      );
    if (key === LOCAL_DEMO_API_KEY || key.length < 16 || /\s/.test(key))
      return new Refusal("is the local demo key, too short (under 16 characters) or contains spaces.");
    return key;
  },
);

/** The workspace refused the API key: what to set, for the build, the blog and delivery alike. */
export function keyRefused(status: string, local: boolean): string {
  return `refused the API key (${status}): ${
    local
      ? "unset LOCAL_WORKSPACE_API_KEY to use the local demo key, or set it to the key the local workspace was started with"
      : "check WORKSPACE_API_KEY (a current key from the workspace's Admin panel, under API keys: it may have expired or been revoked) and that WORKSPACE_URL names your workspace's real subdomain: a key only works for its own workspace"
  }`;
}
