// `npm run build`: the configuration check of `npm start`, then one call to the workspace.
import { requireSupportedNode } from "../config/node-runtime";
import { log } from "../observability/log.mjs";
import { configOrExit, workspaceProblem } from "./preflight";

requireSupportedNode();
void workspaceProblem(configOrExit(process.env)).then((problem) => {
  if (!problem) return;
  log("launcher").fatal(problem);
  process.exit(1);
});
