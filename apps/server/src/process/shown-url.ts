import type { Config } from '../config.ts';

/** The address people open: loopback shown as localhost when listening on every interface. */
export function shownUrl(config: Pick<Config, 'tlsCertFile' | 'host'>, port: number): string {
  const scheme = config.tlsCertFile ? 'https' : 'http';
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `${scheme}://${host}:${port}/`;
}
