import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { distDir, envValue } from "../config/defaults.mjs";
import { ConfigError, type AppConfig, type ConfigProblem } from "../config/schema";
import type { SiteConfig } from "../config/site";
import { exitWithProblems } from "./preflight";

// An instance with another SITE_CONFIG would re-render another brand into the shared cache: a build
// records the hashes of SITE_CONFIG and every file it names; a differing instance refuses to start.

export const FINGERPRINT_FILE = "masthead-site.json";

export type SiteFingerprint = {
  /** null for the demo's site. */
  siteConfig: string | null;
  /** sha256 of "SITE_CONFIG" (the file itself) and of each setting that names a file ("logo", ...). */
  parts: Record<string, string>;
};

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

function namedFiles(value: unknown, key: string, into: Map<string, string>): void {
  if (!value || typeof value !== "object") return;
  const file = (value as { file?: unknown }).file;
  if (typeof file === "string" && key) into.set(key, file);
  for (const [k, v] of Object.entries(value)) namedFiles(v, key ? `${key}.${k}` : k, into);
}

export function siteFingerprint(siteConfig: string | undefined, site: SiteConfig): SiteFingerprint {
  if (siteConfig === undefined) return { siteConfig: null, parts: {} };
  siteConfig = path.resolve(siteConfig);
  const files = new Map<string, string>();
  namedFiles(site, "", files);
  const parts: Record<string, string> = { SITE_CONFIG: sha256(siteConfig) };
  for (const [key, file] of [...files].sort(([a], [b]) => a.localeCompare(b))) parts[key] = sha256(file);
  return { siteConfig, parts };
}

export function recordBuild(folder: string, fingerprint: SiteFingerprint): void {
  writeFileSync(path.join(folder, FINGERPRINT_FILE), `${JSON.stringify(fingerprint, null, 2)}\n`);
}

function readRecord(folder: string): SiteFingerprint | null {
  try {
    return JSON.parse(readFileSync(path.join(folder, FINGERPRINT_FILE), "utf8")) as SiteFingerprint;
  } catch {
    return null;
  }
}

const REBUILD = "or build again with this configuration (`npm run build`, or `npm start`, which builds)";

export function buildMismatch(folder: string, running: SiteFingerprint): ConfigProblem | null {
  if (!existsSync(path.join(folder, "BUILD_ID")))
    return {
      variable: "SITE_CONFIG",
      problem: `there is no build in ${folder}.`,
      fix: "build first with the same SITE_CONFIG and the rest of the environment: `npm run build`.",
    };
  const built = readRecord(folder);
  if (!built)
    return {
      variable: "SITE_CONFIG",
      problem: `the build in ${folder} has no record of the site configuration it was made with (${FINGERPRINT_FILE}).`,
      fix: "build it with `npm run build` (or `npm start`), which records it, and serve that build.",
    };
  const builtWith = built.siteConfig === null ? "the demo's site (SITE_CONFIG unset)" : built.siteConfig;
  if (built.siteConfig === null && running.siteConfig === null) return null;
  if (running.siteConfig === null)
    return {
      variable: "SITE_CONFIG",
      problem: `is unset, but this build was made with ${builtWith}: this instance would serve the demo's name and language into pages the others share.`,
      fix: `set SITE_CONFIG to that file (with the images it names beside it), ${REBUILD}.`,
    };
  if (built.siteConfig === null)
    return {
      variable: "SITE_CONFIG",
      problem: `names ${running.siteConfig}, but this build was made with ${builtWith}.`,
      fix: `unset SITE_CONFIG to serve this build, ${REBUILD}.`,
    };
  const keys = new Set([...Object.keys(built.parts), ...Object.keys(running.parts)]);
  const differ = [...keys].filter((k) => built.parts[k] !== running.parts[k]);
  if (differ.length === 0) return null;
  const what = differ.map((k) => (k === "SITE_CONFIG" ? "the file itself" : `its ${k}`)).join(", ");
  return {
    variable: "SITE_CONFIG",
    problem: `(${running.siteConfig}) is not the configuration this build was made with (${builtWith}): ${what} ${differ.length === 1 ? "differs" : "differ"}.`,
    fix: `give this instance the files the build was made with, ${REBUILD}.`,
  };
}

type Vars = Record<string, string | undefined>;
const folder = (vars: Vars) => path.resolve(__dirname, "../..", distDir(vars));
const fingerprintOf = (config: AppConfig, vars: Vars) =>
  siteFingerprint(envValue(vars, "SITE_CONFIG"), config.site);

export function recordThisBuild(config: AppConfig, vars: Vars): void {
  recordBuild(folder(vars), fingerprintOf(config, vars));
}

export function sameConfigurationOrExit(config: AppConfig, vars: Vars): void {
  const problem = buildMismatch(folder(vars), fingerprintOf(config, vars));
  if (problem) exitWithProblems(new ConfigError([problem]));
}
