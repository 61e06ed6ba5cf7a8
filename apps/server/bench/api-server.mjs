// @ts-check
/**
 * The full server for the load benches (see bench-app.mjs). Prints port, key and symbols; log
 * lines (LOG_LEVEL) go to standard output after that line.
 */
import { benchApp, untilPrepared } from './bench-app.mjs';

const { app, key, symbols } = await benchApp();
await app.listen({ port: 0, host: '127.0.0.1' });
// Measured once the answers of the data version are prepared, as a server is between data
// loads (decision 0326); how long that took is reported.
const preparedSeconds = await untilPrepared(app);
// ...and once the process has warmed its answer path, as it does after that (decision 0337).
const warmUp = await app.answerWarmUp;
/** @type {{ rows: { bytes: number }[] }} */
const { rows } = await app.deps.db.query("SELECT pg_total_relation_size('prepared_answer')::int8 AS bytes");
const preparedMb = Math.round(Number(rows[0]?.bytes ?? 0) / 1048576);
const address = app.server.address();
console.log(
  JSON.stringify({
    port: typeof address === 'object' && address ? address.port : 0,
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
  const { answered, preparedAnswered } = app.answerFront;
  const { hits: found, reads, files } = app.dataApi.prepared;
  console.log(
    JSON.stringify({
      answers: { hits, misses, bytes },
      front: { answered, preparedAnswered },
      prepared: { found, reads, fileReads: files?.reads ?? 0 },
    }),
  );
});
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
