// @ts-check
/**
 * The full server for the load benches (see bench-app.mjs). Prints port, key, symbols and how
 * soon it answered; log lines (LOG_LEVEL) go to standard output after that line.
 */
import { benchApp, untilPrepared } from './bench-app.mjs';

const { app, key, symbols } = await benchApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
// How soon a (re)started process answers, in ms since the process began (node's time origin):
// listening, its health check, and a data answer (ITC: a company the benches' passes never ask),
// before its answers are prepared, copied to the answer file and its path warmed.
const listeningMs = Math.round(performance.now());
const origin = `http://127.0.0.1:${port}`;
const health = await fetch(`${origin}/healthz`);
await health.arrayBuffer();
const healthMs = Math.round(performance.now());
const answer = await fetch(`${origin}/api/v1/financials/ITC?token=${key}`);
await answer.arrayBuffer();
if (!health.ok || !answer.ok)
  throw new Error(
    `the server's first answers were ${health.status} (healthz) and ${answer.status} (financials)`,
  );
const firstAnswerMs = Math.round(performance.now());
// Measured once the answers of the data version are prepared, as a server is between data
// loads (decision 0326); how long that took is reported.
const preparedSeconds = await untilPrepared(app);
// ...and once the process has warmed its answer path, as it does after that (decision 0337).
const warmUp = await app.answerWarmUp;
/** @type {{ rows: { bytes: number }[] }} */
const { rows } = await app.deps.db.query("SELECT pg_total_relation_size('prepared_answer')::int8 AS bytes");
const preparedMb = Math.round(Number(rows[0]?.bytes ?? 0) / 1048576);
console.log(
  JSON.stringify({
    port,
    started: { listeningMs, healthMs, firstAnswerMs, readyMs: Math.round(performance.now()) },
    key,
    symbols,
    preparedSeconds,
    preparedMb,
    prepared: app.answerPreparer?.report ?? [],
    copied: app.dataApi.prepared.files?.copied ?? [],
    warmUp,
  }),
);
// SIGUSR2: one line of the answer cache's counts, so a bench can tell a cached pass from one
// whose answers did not fit the cache's bound; and who answered: the answer front (from the
// cache or from the prepared answers) or the framework, and how many statements read the
// prepared answers.
process.on('SIGUSR2', () => {
  const { hits, misses, bytes } = app.dataApi.answers;
  const { answered, preparedAnswered, cutAnswered } = app.answerFront;
  const { hits: found, reads, files } = app.dataApi.prepared;
  console.log(
    JSON.stringify({
      answers: { hits, misses, bytes },
      front: { answered, preparedAnswered, cutAnswered },
      wire: app.answerWire
        ? {
            answered: app.answerWire.answered,
            relayed: app.answerWire.relayed,
            connections: app.answerWire.connections.size,
          }
        : null,
      prepared: { found, reads, fileReads: files?.reads ?? 0 },
    }),
  );
});
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
