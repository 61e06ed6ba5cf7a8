import type { FastifyInstance } from 'fastify';
import { createSmtpTransport } from './transport.ts';
import { createMailWorker, type MailWorker } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailWorker;
  }
}

/** The mail outbox worker: SMTP when SMTP_URL is set, otherwise messages stay in the outbox and are logged. */
export function registerMail(app: FastifyInstance): void {
  const { config, deps } = app;
  const worker = createMailWorker({
    db: deps.db,
    clock: deps.clock,
    log: app.log.child({ component: 'mail' }),
    transport: config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null,
    from: config.mailFrom,
    pollMs: config.mailPollSeconds * 1000,
  });
  app.decorate('mail', worker);
  app.addHook('onReady', async () => {
    worker.start();
    worker.kick();
  });
  app.addHook('preClose', async () => worker.stop());
}
