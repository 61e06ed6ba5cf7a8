import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifySubscription } from './billing-api.ts';

const result = { payment_id: 'pay_1', subscription_id: 'sub_1', signature: 'ab' };

describe('payment verification outcome', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number, body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(body, { status })),
    );

  it('passes the server verdicts through and posts the checkout result', async () => {
    answer(200, { status: 'success' });
    expect(await verifySubscription(result)).toBe('success');
    const [path, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/rzp/verify-subscription');
    expect(JSON.parse(String(init.body))).toEqual(result);
    answer(200, { status: 'failure' });
    expect(await verifySubscription(result)).toBe('failure');
  });

  it('asks the buyer to contact support when the outcome is unknown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer(200, { status: 'other' });
    expect(await verifySubscription(result)).toBe('contact');
    answer(500, { detail: 'boom' });
    expect(await verifySubscription(result)).toBe('contact');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('network down');
      }),
    );
    expect(await verifySubscription(result)).toBe('contact');
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });
});
