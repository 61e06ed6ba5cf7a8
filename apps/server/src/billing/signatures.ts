import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 hex digest, as Razorpay signs checkout results and webhooks. */
export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(expectedHex: string, received: string): boolean {
  if (!/^[0-9a-f]+$/i.test(received)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(received.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function paymentSignatureMessage(paymentId: string, subscriptionId: string): string {
  return `${paymentId}|${subscriptionId}`;
}
