import type { ServerResponse } from 'node:http';
import { Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown on SIGTERM and SIGINT (decision 0323): stop accepting connections, let every
 * request in flight finish, close keep-alive connections, then exit 0. Past `timeoutMs` the
 * process exits 1 with whatever is still open. A second signal changes nothing (a terminal's
 * Ctrl-C reaches a cluster's primary and workers alike).
 */
export function drainOnSignals(app: FastifyInstance, timeoutMs: number): void {
  const open = trackConnections(app);
  let draining = false;
  const drain = async (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    app.log.info({ signal, openConnections: open.size }, 'draining: finishing requests in flight');
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs, openConnections: open.size }, 'drain timed out: exiting anyway');
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    // A response not yet sent says Connection: close, so its client opens no further request on
    // that connection; Node ends the connection once the response is out.
    for (const socket of open) {
      const res = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (res && !res.headersSent) res.setHeader('connection', 'close');
    }
    // Stop accepting first. Node's http close() (which app.close() calls) closes the idle
    // keep-alive connections a moment *before* it closes the listening socket: a client that sees
    // its idle connection end and reconnects at once (a proxy, a pool) would land in the accept
    // queue of a socket about to close, and be reset. Closing only the listening socket here
    // leaves that window empty; app.close() then finds it closed (ERR_SERVER_NOT_RUNNING, which
    // Fastify accepts) and closes the idle connections.
    Server.prototype.close.call(app.server);
    // Connections whose last response was still on its way become idle later and are closed as
    // they do.
    const reap = setInterval(() => {
      if (!app.server.listening) app.server.closeIdleConnections();
    }, 50);
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'closing the server failed');
      process.exit(1);
    }
    clearInterval(reap);
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void drain(signal));
  process.on('SIGINT', (signal) => void drain(signal));
}

/** The server's open connections (the TLS sockets too when it serves HTTPS). */
function trackConnections(app: FastifyInstance): Set<Socket> {
  const open = new Set<Socket>();
  const add = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  app.server.on('connection', add);
  app.server.on('secureConnection', add);
  return open;
}
