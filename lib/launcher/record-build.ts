/*
 * `npm run build` runs this after `next build`: the build folder records which site
 * configuration it was made with, so an instance given another one refuses to serve it
 * (lib/launcher/build-fingerprint.ts).
 */
import { requireSupportedNode } from "../config/node-runtime";
import { recordThisBuild } from "./build-fingerprint";
import { configOrExit } from "./preflight";

requireSupportedNode();
recordThisBuild(configOrExit(process.env), process.env);
