// `npm start -- --help` and the like: printed before anything builds or starts.

export const USAGE = `Usage: npm start [-- options]      build the site and serve it (the local workspace too, without WORKSPACE_URL)
       npm run dev [-- options]    the same with \`next dev\`: no build, reloads on change
       npm run start:instance      serve an existing build (one build, many instances)

Options:
  --no-build           serve the existing build (SKIP_BUILD=1 does the same)
  --reset-workspace    start the local workspace from its demo data again
  -h, --help           print this and exit

The site listens on PORT (default 3000); in local mode on loopback only (HOSTNAME may name another
loopback address, nothing else).
With WORKSPACE_URL set, only the site runs, against that workspace: see docs/configuration.md
for every variable. Ctrl-C or SIGTERM stops everything, the server finishing the requests it holds.
`;

/** Whether the command line asks for the usage instead of a start. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes("--help") || argv.includes("-h");
}
