import { createHmac } from 'node:crypto';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { describe, expect, it } from 'vitest';
import { loadConfig, type RazorpayConfig } from '../config.ts';
import { createRazorpayProvider, toProviderSubscription } from './razorpay-provider.ts';

// Only the signature checks can run offline: creating and fetching subscriptions needs Razorpay's
// servers, so those two calls are exercised through the sandbox provider, which shares the interface.
const config: RazorpayConfig = {
  keyId: 'rzp_test_offline123',
  keySecret: 'key-secret-for-tests',
  webhookSecret: 'webhook-secret-for-tests',
  planIds: { I: 'plan_individual1', P: 'plan_professional1', E: 'plan_enterprise1' },
};
const provider = createRazorpayProvider(config);
const sign = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('hex');

describe('Razorpay provider signatures (offline)', () => {
  it('accepts exactly the checkout signatures the SDK accepts', () => {
    const paymentId = 'pay_29QQoUBi66xm2f';
    const subscriptionId = 'sub_00000000000001';
    const good = sign(config.keySecret, `${paymentId}|${subscriptionId}`);
    const cases = [
      { paymentId, subscriptionId, signature: good },
      { paymentId, subscriptionId, signature: good.toUpperCase() },
      { paymentId: 'pay_other', subscriptionId, signature: good },
      { paymentId, subscriptionId: 'sub_other', signature: good },
      { paymentId, subscriptionId, signature: sign('wrong-secret', `${paymentId}|${subscriptionId}`) },
      { paymentId, subscriptionId, signature: sign(config.keySecret, `${subscriptionId}|${paymentId}`) },
    ];
    const ours = cases.map((c) => provider.verifyPaymentSignature(c));
    const sdk = cases.map((c) =>
      validatePaymentVerification(
        { payment_id: c.paymentId, subscription_id: c.subscriptionId },
        c.signature.toLowerCase(),
        config.keySecret,
      ),
    );
    expect(ours).toEqual([true, true, false, false, false, false]);
    expect(sdk).toEqual(ours);
  });

  it('accepts exactly the webhook signatures the SDK accepts, over the raw body', () => {
    const body = '{"entity":"event","event":"subscription.charged","payload":{}}';
    const good = sign(config.webhookSecret, body);
    const cases: [string, string][] = [
      [body, good],
      [`${body} `, good],
      [body, sign(config.keySecret, body)],
      [body, ''],
    ];
    for (const [raw, signature] of cases) {
      expect(provider.verifyWebhookSignature(raw, signature)).toBe(
        signature !== '' && Razorpay.validateWebhookSignature(raw, signature, config.webhookSecret),
      );
    }
    expect(provider.verifyWebhookSignature(body, good)).toBe(true);
  });

  it('opens the real checkout script with the configured key id', () => {
    expect(provider.checkout).toEqual({
      provider: 'razorpay',
      keyId: config.keyId,
      scriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    });
  });

  it('reads Razorpay subscription entities', () => {
    expect(
      toProviderSubscription({
        id: 'sub_1',
        plan_id: 'plan_1',
        status: 'active',
        current_end: 1767225600,
        paid_count: 1,
      }),
    ).toEqual({
      id: 'sub_1',
      planId: 'plan_1',
      status: 'active',
      currentEnd: new Date('2026-01-01T00:00:00Z'),
      paidCount: 1,
    });
  });
});

describe('Razorpay provider subscription calls (stand-in client)', () => {
  function standIn(status: string) {
    const calls: unknown[][] = [];
    const client = {
      subscriptions: {
        create: async (params: unknown) => {
          calls.push(['create', params]);
          return { id: 'sub_new', plan_id: 'plan_individual1', status: 'created' };
        },
        fetch: async (id: string) => {
          calls.push(['fetch', id]);
          return { id, plan_id: 'plan_individual1', status };
        },
        cancel: async (id: string, atCycleEnd?: boolean) => {
          calls.push(['cancel', id, atCycleEnd]);
          return { id, plan_id: 'plan_individual1', status: 'cancelled' };
        },
      },
    };
    return { calls, provider: createRazorpayProvider(config, client) };
  }

  it('creates subscriptions that expire unpaid at the given moment', async () => {
    const { calls, provider } = standIn('created');
    await provider.createSubscription({
      plan: 'I',
      totalCount: 40,
      notes: { user_id: '1' },
      expireBy: new Date('2026-04-02T10:00:00Z'),
    });
    expect(calls[0]).toEqual([
      'create',
      expect.objectContaining({ plan_id: 'plan_individual1', total_count: 40, expire_by: 1775124000 }),
    ]);
  });

  it('cancels a live subscription at once, and leaves an ended one alone', async () => {
    const live = standIn('active');
    await live.provider.cancelSubscription('sub_live');
    expect(live.calls).toContainEqual(['cancel', 'sub_live', false]);
    const ended = standIn('cancelled');
    await ended.provider.cancelSubscription('sub_gone');
    expect(ended.calls.filter((c) => c[0] === 'cancel')).toEqual([]);
  });
});

describe('payment configuration', () => {
  const razorpayEnv = {
    RAZORPAY_KEY_ID: 'rzp_live_abc123',
    RAZORPAY_KEY_SECRET: 'secret',
    RAZORPAY_WEBHOOK_SECRET: 'whsec',
    RAZORPAY_PLAN_INDIVIDUAL: 'plan_i',
    RAZORPAY_PLAN_PROFESSIONAL: 'plan_p',
    RAZORPAY_PLAN_ENTERPRISE: 'plan_e',
  };

  it('uses the sandbox when Razorpay is not configured, outside production', () => {
    expect(loadConfig({}).razorpay).toBeNull();
    expect(loadConfig(razorpayEnv).razorpay).toMatchObject({
      keyId: 'rzp_live_abc123',
      planIds: { P: 'plan_p' },
    });
  });

  it('names what is missing or malformed', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toThrow(/RAZORPAY_KEY_SECRET/);
    expect(() => loadConfig({ ...razorpayEnv, RAZORPAY_KEY_ID: 'key' })).toThrow(
      /RAZORPAY_KEY_ID must look like/,
    );
    expect(() => loadConfig({ ...razorpayEnv, RAZORPAY_PLAN_ENTERPRISE: 'x' })).toThrow(
      /RAZORPAY_PLAN_ENTERPRISE/,
    );
  });

  it('refuses to start in production without Razorpay', () => {
    const secrets = {
      NODE_ENV: 'production',
      ALLOW_LOOPBACK_HTTP: 'false',
      ACCESS_TOKEN_SECRET: Buffer.alloc(32, 1).toString('base64'),
      API_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 2).toString('base64'),
      GOOGLE_CLIENT_ID: 'x.apps.example',
      SMTP_URL: 'smtp://127.0.0.1:25',
      MAIL_FROM: 'Bahi <no-reply@example.com>',
      SUPPORT_INBOX: 'support@example.com',
    };
    expect(() => loadConfig(secrets)).toThrow(/RAZORPAY_KEY_ID.*required in production/);
    expect(loadConfig({ ...secrets, ...razorpayEnv }).razorpay?.keyId).toBe('rzp_live_abc123');
  });
});
