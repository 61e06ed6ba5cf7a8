/** How the sync fetches from the exchanges: politely, and patiently with servers that falter. */
export interface FetchPolicy {
  /** Per-attempt download time limit. */
  timeoutMs: number;
  /** Attempts after the first one, for network errors, timeouts, 5xx, 429 and cut-off downloads. */
  retries: number;
  /** First backoff delay; doubles on each retry. */
  backoffMs: number;
  /** Sent with every request, so the exchanges can tell who is fetching. */
  userAgent: string;
  /** Least time between two requests to one host. */
  hostIntervalMs: number;
  log?: (line: string) => void;
}

export interface Fetched {
  text: string;
  contentType: string;
}

class Retryable extends Error {}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Downloads with a per-host pace (requests to one host wait their turn, `hostIntervalMs`
 * apart), an identifying User-Agent, a time limit per attempt and retries with doubling
 * backoff. `get` answers null on 404 (not published) and the body on 200; with a body it POSTs
 * that JSON instead (a service behind an exchange's page).
 */
export class PoliteFetcher {
  private readonly nextSlot = new Map<string, Promise<void>>();

  constructor(private readonly policy: FetchPolicy) {}

  /** Waits for this host's next free slot. */
  private turn(host: string): Promise<void> {
    const previous = this.nextSlot.get(host) ?? Promise.resolve();
    const mine = previous.then(() => sleep(this.policy.hostIntervalMs));
    this.nextSlot.set(host, mine);
    return previous;
  }

  async get(url: string, postBody?: string): Promise<Fetched | null> {
    const { policy } = this;
    const host = new URL(url).host;
    let delay = policy.backoffMs;
    for (let attempt = 0; ; attempt++) {
      await this.turn(host);
      try {
        const res = await fetch(url, {
          signal: AbortSignal.timeout(policy.timeoutMs),
          redirect: 'follow',
          ...(postBody === undefined
            ? { headers: { 'user-agent': policy.userAgent, accept: '*/*' } }
            : {
                method: 'POST',
                body: postBody,
                headers: {
                  'user-agent': policy.userAgent,
                  accept: 'application/json, */*',
                  'content-type': 'application/json; charset=utf-8',
                },
              }),
        });
        if (res.status === 404) {
          await res.body?.cancel();
          return null;
        }
        if (res.status >= 500 || res.status === 429) {
          await res.body?.cancel();
          throw new Retryable(`HTTP ${res.status}`);
        }
        if (!res.ok) {
          await res.body?.cancel();
          throw new Error(`HTTP ${res.status}`);
        }
        const body = Buffer.from(await res.arrayBuffer());
        const length = res.headers.get('content-length');
        if (length !== null && Number(length) !== body.length && !res.headers.get('content-encoding')) {
          throw new Retryable(`cut off: ${body.length} of ${length} bytes`);
        }
        return { text: body.toString('utf8'), contentType: res.headers.get('content-type') ?? '' };
      } catch (err) {
        const e = err as Error;
        const retryable = e instanceof Retryable || e.name === 'TimeoutError' || e.name === 'TypeError';
        if (!retryable || attempt >= policy.retries) {
          throw new Error(
            `${url}: ${e instanceof Retryable ? e.message : ((e.cause as Error)?.message ?? e.message)}`,
          );
        }
        policy.log?.(`  retry ${attempt + 1}/${policy.retries} in ${delay} ms: ${url} (${e.message})`);
        await sleep(delay);
        delay *= 2;
      }
    }
  }
}
