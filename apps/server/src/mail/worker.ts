import type { Db } from '@bahi/market-data/db';
import type { FastifyBaseLogger } from 'fastify';
import { claimDue, markAttemptFailed, markSent, takeUnlogged } from './outbox.ts';
import type { MailTransport } from './transport.ts';

export interface MailWorkerOptions {
  db: Db;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** null: no SMTP configured; messages stay in the outbox and are written to the log once. */
  transport: MailTransport | null;
  from: string;
  /** Background poll interval; 0 polls only when kicked or drained by hand. */
  pollMs: number;
  leaseMs?: number;
  batch?: number;
}

export interface MailWorker {
  /** Sends every due message once; resolves when done. Drains never overlap. */
  drain(): Promise<{ sent: number; failed: number; logged: number }>;
  /** Starts a drain soon without waiting (after a submission). */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createMailWorker(opts: MailWorkerOptions): MailWorker {
  const leaseMs = opts.leaseMs ?? 120_000;
  const batch = opts.batch ?? 20;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function drainNow() {
    const counts = { sent: 0, failed: 0, logged: 0 };
    if (stopped) return counts;
    const transport = opts.transport;
    if (!transport) {
      for (const m of await takeUnlogged(opts.db, opts.clock())) {
        opts.log.info(
          { outboxId: m.id, to: m.to_address, subject: m.subject, text: m.text_body },
          'mail kept in the outbox (no SMTP_URL configured)',
        );
        counts.logged++;
      }
      return counts;
    }
    for (;;) {
      const due = await claimDue(opts.db, opts.clock(), leaseMs, batch);
      for (const m of due) {
        try {
          await transport.send({
            from: opts.from,
            to: m.to_address,
            ...(m.reply_to ? { replyTo: m.reply_to } : {}),
            subject: m.subject,
            text: m.text_body,
            html: m.html_body,
          });
          await markSent(opts.db, m.id, opts.clock());
          counts.sent++;
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          opts.log.warn(
            { outboxId: m.id, attempt: m.attempts + 1, err: message },
            'mail send failed; will retry',
          );
          await markAttemptFailed(opts.db, m, opts.clock(), message);
          counts.failed++;
        }
      }
      if (stopped || due.length < batch) return counts;
    }
  }

  function drain() {
    const run = chain.then(drainNow, drainNow);
    chain = run.catch(() => undefined);
    return run;
  }

  return {
    drain,
    kick() {
      drain().catch((err) => opts.log.error({ err }, 'mail drain failed'));
    },
    start() {
      if (opts.pollMs <= 0 || timer) return;
      timer = setInterval(() => {
        drain().catch((err) => opts.log.error({ err }, 'mail drain failed'));
      }, opts.pollMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
      opts.transport?.close();
    },
  };
}
