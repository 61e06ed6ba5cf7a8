import { createHash } from 'node:crypto';
import { parseFullPhoneNumber, phoneMessages, planBySubscribeParam, plans } from '@bahi/contracts';
import type { FastifyInstance } from 'fastify';
import { abuseLimiterOf } from '../abuse/abuse-limits.ts';
import { requireUser } from '../auth/require-user.ts';
import { AppError } from '../errors.ts';
import { noStore } from '../plugins/no-store.ts';
import type { BillingContext } from './subscriptions.ts';
import { applyWebhookEvent, startSubscription, verifyCheckout } from './subscriptions.ts';

const subscribeSchema = {
  querystring: {
    type: 'object',
    required: ['plan'],
    properties: { plan: { type: 'string', enum: ['api_individual', 'api_professional', 'api_enterprise'] } },
  },
  body: {
    type: 'object',
    properties: {
      phone_number: { type: 'string', maxLength: 40 },
      country: { type: 'string', pattern: '^[A-Za-z]{2}$' },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['subscription_id'],
      properties: {
        subscription_id: { type: 'string' },
        plan: { type: 'string' },
        provider: { type: 'string' },
        key_id: { type: 'string' },
        checkout_script: { type: 'string' },
        base_amount: { type: 'integer' },
        gst_amount: { type: 'integer' },
        total_amount: { type: 'integer' },
        currency: { type: 'string' },
      },
    },
  },
} as const;

const verifySchema = {
  body: {
    type: 'object',
    required: ['payment_id', 'subscription_id', 'signature'],
    properties: {
      payment_id: { type: 'string', minLength: 1, maxLength: 100 },
      subscription_id: { type: 'string', minLength: 1, maxLength: 100 },
      signature: { type: 'string', minLength: 1, maxLength: 200 },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', enum: ['success', 'failure'] } },
    },
  },
} as const;

interface WebhookBody {
  event?: unknown;
  payload?: {
    subscription?: { entity?: { id?: unknown } };
    payment?: { entity?: { id?: unknown; subscription_id?: unknown } };
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** POST /api/v1/subscribe-api, POST /rzp/verify-subscription and the provider's webhook. */
export function billingRoutes(ctx: BillingContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const abuse = await abuseLimiterOf(app);
    // Subscription ids, payment ids and signatures are nobody's to cache.
    app.addHook('onRequest', noStore);
    app.post<{
      Querystring: { plan: string };
      Body: { phone_number?: string; country?: string } | undefined;
    }>('/api/v1/subscribe-api', { schema: subscribeSchema }, async (req) => {
      await abuse.byAddress('subscribe', req);
      const user = await requireUser(req);
      await abuse.bySubject('subscribe', `user:${user.id}`);
      const plan = planBySubscribeParam(req.query.plan)!;
      const raw = req.body?.phone_number?.trim() ?? '';
      if (raw.replace(/\D/g, '') === '') {
        throw new AppError('bad_request', phoneMessages.required, {
          param: 'phone_number',
          errors: [{ field: 'phone_number', message: phoneMessages.required }],
        });
      }
      const phone = parseFullPhoneNumber(raw, req.body?.country);
      if (!phone) {
        throw new AppError('bad_request', phoneMessages.invalid, {
          param: 'phone_number',
          errors: [{ field: 'phone_number', message: phoneMessages.invalid }],
        });
      }
      const { subscription: s } = await startSubscription(ctx, user, plan.code as 'I' | 'P' | 'E', phone);
      return {
        subscription_id: s.providerSubscriptionId,
        plan: plans[s.plan].slug,
        provider: ctx.provider.checkout.provider,
        key_id: ctx.provider.checkout.keyId,
        checkout_script: ctx.provider.checkout.scriptUrl,
        base_amount: s.baseAmount,
        gst_amount: s.gstAmount,
        total_amount: s.totalAmount,
        currency: s.currency,
      };
    });

    app.post<{ Body: { payment_id: string; subscription_id: string; signature: string } }>(
      '/rzp/verify-subscription',
      { schema: verifySchema },
      async (req) => {
        await abuse.byAddress('verify', req);
        await abuse.bySubject('verify', `subscription:${req.body.subscription_id}`);
        const status = await verifyCheckout(ctx, {
          paymentId: req.body.payment_id,
          subscriptionId: req.body.subscription_id,
          signature: req.body.signature,
        });
        return { status };
      },
    );

    // The webhook needs the body exactly as sent: its signature covers the raw bytes.
    await app.register(async (raw) => {
      raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );
      raw.post('/rzp/webhook', async (req) => {
        const body = typeof req.body === 'string' ? req.body : '';
        const signature = req.headers['x-razorpay-signature'];
        if (typeof signature !== 'string' || !ctx.provider.verifyWebhookSignature(body, signature)) {
          req.log.warn('webhook rejected: bad signature');
          throw new AppError('unauthorized', 'The webhook signature is missing or invalid.');
        }
        const eventId = req.headers['x-razorpay-event-id'];
        if (typeof eventId !== 'string' || eventId === '' || eventId.length > 100) {
          throw new AppError('bad_request', 'The x-razorpay-event-id header is required.', {
            param: 'x-razorpay-event-id',
          });
        }
        let parsed: WebhookBody;
        try {
          parsed = JSON.parse(body) as WebhookBody;
        } catch {
          throw new AppError('bad_request', 'The webhook body is not JSON.');
        }
        const name = str(parsed.event);
        if (!name) throw new AppError('bad_request', 'The webhook body has no event.', { param: 'event' });
        const payment = parsed.payload?.payment?.entity;
        const outcome = await applyWebhookEvent(ctx, {
          id: eventId,
          bodySha256: createHash('sha256').update(body).digest('hex'),
          name,
          subscriptionId: str(parsed.payload?.subscription?.entity?.id) ?? str(payment?.subscription_id),
          paymentId: str(payment?.id),
        });
        return { status: outcome };
      });
    });
  };
}
