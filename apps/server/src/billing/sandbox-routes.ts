import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { sandboxCheckoutScript } from './sandbox-checkout-script.ts';
import { type SandboxProvider, SandboxRefusal } from './sandbox-provider.ts';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^sub_[A-Za-z0-9_-]{1,40}$' } },
} as const;

/**
 * The sandbox provider's own endpoints: its checkout script and the Pay / Fail actions the
 * checkout calls. A failed payment is reported back through a signed `payment.failed` webhook, as
 * the real provider does. Never registered in production.
 */
export function sandboxRoutes(sandbox: SandboxProvider) {
  return async (app: FastifyInstance): Promise<void> => {
    if (app.config.env === 'production') throw new Error('the sandbox checkout is refused in production');

    app.get('/sandbox/checkout.js', async (_req, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(sandboxCheckoutScript),
    );

    async function described(id: string) {
      const view = await sandbox.describe(id);
      if (!view) throw new AppError('not_found', `No sandbox subscription ${id}.`, { param: 'id' });
      return view;
    }

    app.get<{ Params: { id: string } }>(
      '/sandbox/api/subscriptions/:id',
      { schema: { params: idParams } },
      (req) => described(req.params.id),
    );

    app.post<{ Params: { id: string } }>(
      '/sandbox/api/subscriptions/:id/pay',
      { schema: { params: idParams } },
      async (req) => {
        await described(req.params.id);
        let paid: { paymentId: string; signature: string };
        try {
          paid = await sandbox.pay(req.params.id, app.deps.clock());
        } catch (err) {
          if (err instanceof SandboxRefusal) throw new AppError('conflict', err.message, { param: 'id' });
          throw err;
        }
        const { paymentId, signature } = paid;
        return {
          razorpay_payment_id: paymentId,
          razorpay_subscription_id: req.params.id,
          razorpay_signature: signature,
        };
      },
    );

    app.post<{ Params: { id: string } }>(
      '/sandbox/api/subscriptions/:id/fail',
      { schema: { params: idParams } },
      async (req) => {
        await described(req.params.id);
        const { paymentId } = await sandbox.fail(req.params.id);
        const body = JSON.stringify({
          entity: 'event',
          event: 'payment.failed',
          payload: {
            payment: { entity: { id: paymentId, subscription_id: req.params.id, status: 'failed' } },
          },
          created_at: Math.floor(app.deps.clock().getTime() / 1000),
        });
        const delivered = await app.inject({
          method: 'POST',
          url: '/rzp/webhook',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': sandbox.signWebhook(body),
            'x-razorpay-event-id': `evt_${paymentId}`,
          },
          payload: body,
        });
        if (delivered.statusCode !== 200)
          req.log.warn({ status: delivered.statusCode }, 'sandbox webhook refused');
        return {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Payment failed (sandbox).',
            source: 'customer',
            reason: 'payment_failed',
            metadata: { payment_id: paymentId, subscription_id: req.params.id },
          },
        };
      },
    );
  };
}
