import { parseArgs } from 'node:util';
import { DatabaseInUseError, marketDataMigrations, migrate } from '@bahi/market-data/db';
import { serverMigrations } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../database.ts';
import { findSubmission, recentSubmissions, type SubmissionKind } from '../intake/submissions.ts';
import { outboxFor, outboxSummary, recentOutbox, requeueFailed } from '../mail/outbox.ts';

const usage = `Usage: npm run intake -- <command>

  list [--limit N] [--kind contact|support|feedback] [--json]
        recent submissions with their mail state, then the outbox
  show <reference> [--json]
        one submission as stored, and its mail
  retry [--id N]
        put mail that was given up on back in the queue (all failed mail, or one message)

Uses the same DATABASE_URL / DATA_DIR as the server. Stop the server first when it runs on the
embedded database (one process at a time).`;

const kinds: readonly SubmissionKind[] = ['contact', 'support', 'feedback'];

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      limit: { type: 'string', default: '20' },
      kind: { type: 'string' },
      id: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, arg] = positionals;
  if (values.help || !command || !['list', 'show', 'retry'].includes(command)) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw new UsageError('--limit must be 1 to 1000');
  const kind = values.kind as SubmissionKind | undefined;
  if (kind && !kinds.includes(kind)) throw new UsageError(`--kind must be one of ${kinds.join(', ')}`);

  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db, [marketDataMigrations, serverMigrations]);
    if (command === 'list') {
      const submissions = await recentSubmissions(db, { limit, kind });
      const outbox = { summary: await outboxSummary(db), recent: await recentOutbox(db, limit) };
      if (values.json) {
        console.log(JSON.stringify({ submissions, outbox }, null, 2));
        return 0;
      }
      console.log(`Recent submissions (${submissions.length}):`);
      for (const s of submissions) {
        const mail = `mail sent ${s.mails_sent}, pending ${s.mails_pending}, failed ${s.mails_failed}`;
        console.log(
          `  ${iso(s.created_at)}  ${s.kind.padEnd(8)} ${s.reference}  ${s.email}${s.spam ? '  [SPAM]' : ''}  (${mail})`,
        );
      }
      console.log('\nMail outbox:');
      if (outbox.summary.length === 0) console.log('  empty');
      for (const o of outbox.summary) {
        const next = o.next_attempt ? `, next attempt ${iso(o.next_attempt)}` : '';
        console.log(`  ${o.status.padEnd(8)} ${o.count}${next}`);
      }
      for (const m of outbox.recent.filter((r) => r.status !== 'sent')) {
        const error = m.last_error ? `  last error: ${m.last_error}` : '';
        console.log(
          `  #${m.id} ${m.status} to ${m.to_address}: ${m.subject} (attempts ${m.attempts})${error}`,
        );
      }
      return 0;
    }
    if (command === 'show') {
      if (!arg) throw new UsageError('show needs a submission reference');
      const s = await findSubmission(db, arg);
      if (!s) {
        console.error(`No submission with reference ${arg}`);
        return 1;
      }
      const mail = await outboxFor(db, s.id);
      console.log(JSON.stringify({ submission: s, mail }, null, 2));
      return 0;
    }
    const id = values.id === undefined ? undefined : Number(values.id);
    if (id !== undefined && !Number.isSafeInteger(id)) throw new UsageError('--id must be a number');
    const n = await requeueFailed(db, new Date(), id);
    console.log(`${n} message(s) queued again; the server's mail worker sends them.`);
    return 0;
  } finally {
    await db.close();
  }
}

class UsageError extends Error {}

function iso(d: Date | string): string {
  return new Date(d).toISOString().replace('.000Z', 'Z');
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (
      err instanceof UsageError ||
      err instanceof ConfigError ||
      err?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      console.error(`${err.message}\n\n${usage}`);
      process.exit(2);
    }
    console.error(err instanceof DatabaseInUseError ? err.message : err);
    process.exit(1);
  },
);
