import type { FastifyInstance } from 'fastify';
import { invalidateUserKeys } from '../api/index.ts';
import { billingRoutes } from './billing-routes.ts';
import type { PaymentProvider } from './provider.ts';
import { createRazorpayProvider, razorpayCheckoutScript } from './razorpay-provider.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider.ts';
import { sandboxRoutes } from './sandbox-routes.ts';

export type PlanChangeListener = (userId: number) => void;

export interface Billing {
  provider: PaymentProvider;
  /** Listeners told when a user's plan changed (e.g. to drop cached API key permissions). */
  planChangeListeners: Set<PlanChangeListener>;
}

declare module 'fastify' {
  interface FastifyInstance {
    billing: Billing;
  }
}

/** Origins the Razorpay checkout loads its script and frames from (for the content security policy). */
export const razorpayOrigins = {
  script: [new URL(razorpayCheckoutScript).origin],
  frame: ['https://api.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
};

/**
 * Plans, subscriptions and payments: Razorpay when configured, otherwise the offline sandbox
 * (refused in production, where config loading already requires Razorpay).
 */
export async function registerBilling(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const provider = config.razorpay
    ? createRazorpayProvider(config.razorpay)
    : await createSandboxProvider(app.deps.db, config.env);
  const planChangeListeners = new Set<PlanChangeListener>();
  app.decorate('billing', { provider, planChangeListeners });
  const ctx = {
    db: app.deps.db,
    provider,
    clock: app.deps.clock,
    log: app.log,
    planChanged: (userId: number) => {
      invalidateUserKeys(app, userId);
      for (const listener of planChangeListeners) listener(userId);
    },
  };
  await app.register(billingRoutes(ctx));
  if (provider.name === 'sandbox') await app.register(sandboxRoutes(provider as SandboxProvider));
}
