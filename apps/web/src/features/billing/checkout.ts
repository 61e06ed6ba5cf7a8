/** The part of the provider's checkout (Razorpay's `window.Razorpay`, or the sandbox's) the site uses. */
export interface CheckoutResult {
  razorpay_payment_id: string;
  razorpay_subscription_id: string;
  razorpay_signature: string;
}

export interface CheckoutOptions {
  key: string;
  subscription_id: string;
  name: string;
  description: string;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  handler: (result: CheckoutResult) => void;
  modal?: { ondismiss?: () => void };
}

interface CheckoutInstance {
  open(): void | Promise<void>;
  on(event: 'payment.failed', fn: (failure: unknown) => void): void;
  close?(): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: CheckoutOptions) => CheckoutInstance;
  }
}

export class CheckoutScriptError extends Error {
  override name = 'CheckoutScriptError';
}

const loading = new Map<string, Promise<void>>();

/** Loads the provider's checkout script once, on demand (SPEC §7). */
export function loadCheckoutScript(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () =>
        window.Razorpay ? resolve() : reject(new CheckoutScriptError('The checkout script did not start.'));
      script.onerror = () => {
        script.remove();
        reject(new CheckoutScriptError('The payment checkout script failed to load.'));
      };
      document.head.append(script);
    });
    p.catch(() => loading.delete(src));
    loading.set(src, p);
  }
  return p;
}

/** Opens the checkout; the result, a failure or a dismissal arrive through the callbacks. */
export async function openCheckout(
  options: Omit<CheckoutOptions, 'handler' | 'modal'>,
  on: { paid: (r: CheckoutResult) => void; failed: (failure: unknown) => void; dismissed: () => void },
): Promise<void> {
  const Checkout = window.Razorpay;
  if (!Checkout) throw new CheckoutScriptError('The payment checkout script failed to load.');
  const checkout = new Checkout({ ...options, handler: on.paid, modal: { ondismiss: on.dismissed } });
  checkout.on('payment.failed', (failure) => {
    // The real checkout stays open for a retry; the site moves on to its failure page instead.
    checkout.close?.();
    on.failed(failure);
  });
  await checkout.open();
}
