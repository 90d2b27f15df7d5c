// `npm run build` runs this after `next build`: the build records its site configuration (build-fingerprint.ts).
import { requireSupportedNode } from "../config/node-runtime";
import { recordThisBuild } from "./build-fingerprint";
import { configOrExit } from "./preflight";

requireSupportedNode();
recordThisBuild(configOrExit(process.env), process.env);
