import net from 'node:net';
import { portHolder } from './processes.js';
import { StartupError } from './startup-error.js';

/** The message for a port someone else holds, naming the holder where it can be seen. */
export function portInUseMessage(port: number, host: string): string {
  const holder = portHolder(port);
  const who = holder ? ` by another process (pid ${holder.pid}: ${holder.command})` : ' by another process';
  return (
    `Port ${port} on ${host} is already in use${who}. ` +
    `Stop that process, or start Projectory on another port: PORT=${port === 3000 ? 3001 : port + 1} npm start`
  );
}

/**
 * Fails fast, before the database and the services start, when the gateway's port is taken: by a
 * Projectory started elsewhere, or by anything else.
 */
export async function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(portInUseMessage(port, host))
          : new StartupError(`Cannot listen on ${host}:${port}: ${error.message}`),
      ),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
