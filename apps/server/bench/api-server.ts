/**
 * The full server for the load benches (see bench-app.ts). Prints port, key and symbols; log
 * lines (LOG_LEVEL) go to standard output after that line.
 */
import { benchApp } from './bench-app.ts';

const { app, key, symbols } = await benchApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(
  JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, key, symbols }),
);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
