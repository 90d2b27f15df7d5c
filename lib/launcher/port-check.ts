import { createServer } from "node:net";

// Tried (and released) before anything starts: one clear error, not Next's after a build.

export async function portProblem(port: number, hostname: string | undefined): Promise<string | null> {
  const server = createServer();
  const code = await new Promise<string | null>((resolve) => {
    server.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen({ port, host: hostname, exclusive: true }, () => resolve(null));
  });
  if (code === null) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return null;
  }
  const where = hostname ? `${hostname}:${port}` : `port ${port} (every interface)`;
  const other = `PORT=${port + 1 > 65535 ? 3000 : port + 1}`;
  if (code === "EADDRINUSE")
    return (
      `${where} is already in use: another program (perhaps another Masthead) listens there. ` +
      `Stop it (\`ss -ltnp 'sport = :${port}'\` names it), or choose another port, e.g. ${other} npm start.`
    );
  if (code === "EACCES")
    return `${where} needs privileges this user lacks (ports below 1024): choose a port from 1024 up, e.g. PORT=3000, and put a proxy in front for port ${port}.`;
  if (code === "EADDRNOTAVAIL")
    return `${where}: this machine has no address ${hostname} (HOSTNAME): set HOSTNAME to one of its addresses, or unset it.`;
  return `${where} cannot be listened on (${code}): check PORT and HOSTNAME.`;
}
