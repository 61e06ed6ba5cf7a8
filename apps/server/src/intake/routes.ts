import {
  type ContactPayload,
  contactPayloadSchema,
  type FeedbackPayload,
  feedbackPayloadSchema,
  honeypotField,
  type SupportPayload,
  supportPayloadSchema,
  type Validation,
  validateForm,
} from '@bahi/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/require-user.ts';
import { AppError } from '../errors.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import {
  contactAcknowledgement,
  contactNotification,
  feedbackNotification,
  type SubmissionMeta,
  supportNotification,
} from './notifications.ts';
import { createIntakeLimiter } from './rate-limit.ts';
import { receiveSubmission } from './receive.ts';

/** Largest accepted form body: well above the longest valid form, far below the app-wide limit. */
export const intakeBodyLimit = 24 * 1024;

const sourcePattern = /^[a-z0-9][a-z0-9._-]{0,39}$/i;

/**
 * POST /support?source=<product>: Enterprise inquiries and support requests (SPEC §3, §7).
 * POST /api/v1/feedback: feedback from signed-in users (access token as Bearer or ?token=).
 * Each route: rate limit → (sign-in) → validate → store with its mail in one transaction → 201.
 */
export async function intakeRoutes(app: FastifyInstance): Promise<void> {
  const limiter = await createIntakeLimiter(app);
  const inbox = app.config.supportInbox;

  app.post('/support', { bodyLimit: intakeBodyLimit }, async (req, reply) => {
    await limiter.check(req);
    requireJson(req);
    const source = sourceOf(req);
    const body = req.body;
    const isSupport = typeof body === 'object' && body !== null && 'priority_level' in body;
    const stored = isSupport
      ? await receive(req, 'support', source, valid(validateForm(supportPayloadSchema, body)), (p, meta) => [
          supportNotification(p, meta, inbox),
        ])
      : await receive(req, 'contact', source, valid(validateForm(contactPayloadSchema, body)), (p, meta) => [
          contactNotification(p, meta, inbox),
          contactAcknowledgement(p, meta, inbox),
        ]);
    return reply.code(201).send(stored);
  });

  app.post('/api/v1/feedback', { bodyLimit: intakeBodyLimit }, async (req, reply) => {
    await limiter.check(req);
    const user = await requireUser(req, { allowQuery: true });
    requireJson(req);
    const payload = valid(validateForm(feedbackPayloadSchema, req.body));
    const stored = await receive(
      req,
      'feedback',
      'bahi',
      payload,
      (p: FeedbackPayload, meta) => [feedbackNotification(p, { ...meta, userEmail: user.email }, inbox)],
      user,
    );
    return reply.code(201).send(stored);
  });

  async function receive<P extends ContactPayload | SupportPayload | FeedbackPayload>(
    req: FastifyRequest,
    kind: 'contact' | 'support' | 'feedback',
    source: string,
    payload: P,
    mails: (p: P, meta: SubmissionMeta) => OutgoingMail[],
    user?: { id: number; email: string },
  ) {
    const trap = (payload as Record<string, unknown>)[honeypotField];
    const spam = typeof trap === 'string' && trap.trim() !== '';
    const stored = await receiveSubmission(
      app.deps,
      {
        kind,
        source,
        email: user?.email ?? (payload as { email?: string }).email ?? '',
        userId: user?.id ?? null,
        payload,
        spam,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      },
      (meta) => (spam ? [] : mails(payload, { ...meta, source, ip: req.ip })),
    );
    if (spam) req.log.warn({ reference: stored.reference }, 'honeypot filled: stored as spam, no mail');
    else app.mail.kick();
    return { reference: stored.reference, received_at: stored.createdAt.toISOString() };
  }
}

function requireJson(req: FastifyRequest): void {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new AppError('unsupported_media_type', 'Send the form as application/json.');
  }
}

function sourceOf(req: FastifyRequest): string {
  const source = (req.query as Record<string, unknown>).source;
  if (typeof source !== 'string' || !sourcePattern.test(source)) {
    throw new AppError(
      'bad_request',
      'Name the product sending the form in ?source= (letters, digits, . _ -).',
      {
        param: 'source',
        errors: [{ field: 'source', message: 'Please name the source product.' }],
      },
    );
  }
  return source;
}

function valid<T>(v: Validation<T>): T {
  if (v.ok) return v.data;
  const names = v.errors.map((e) => e.field || 'body').join(', ');
  throw new AppError('bad_request', `Please correct these fields: ${names}.`, {
    param: v.errors[0]?.field || undefined,
    errors: v.errors,
  });
}
