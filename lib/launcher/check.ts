// `npm run build`: the configuration check of `npm start`, then one call to the workspace.
import { requireSupportedNode } from "../config/node-runtime";
import { configOrExit, workspaceAnswersOrExit } from "./preflight";

requireSupportedNode();
void workspaceAnswersOrExit(configOrExit(process.env));
