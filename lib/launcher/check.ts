/*
 * `npm run build` runs this before `next build`: the configuration check of `npm start`, then
 * one call to the workspace the build reads the blog from.
 */
import { requireSupportedNode } from "../config/node-runtime";
import { configOrExit, workspaceAnswersOrExit } from "./preflight";

requireSupportedNode();
void workspaceAnswersOrExit(configOrExit(process.env));
