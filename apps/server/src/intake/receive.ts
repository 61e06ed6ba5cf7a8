import type { Db } from '@bahi/market-data/db';
import { enqueueMail, type OutgoingMail } from '../mail/outbox.ts';
import type { SubmissionMeta } from './notifications.ts';
import { insertSubmission, type NewSubmission, type StoredSubmission } from './submissions.ts';

/**
 * Stores a submission and the mail it causes in one transaction: once this resolves, the
 * submission is on disk and its mail will be sent (or retried) by the outbox worker. A mail
 * problem can therefore never lose or reject a submission.
 */
export async function receiveSubmission(
  deps: { db: Db; clock: () => Date },
  submission: NewSubmission,
  mailsFor: (meta: Omit<SubmissionMeta, 'source' | 'ip'>) => OutgoingMail[],
): Promise<StoredSubmission> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const stored = await insertSubmission(tx, submission, now);
    for (const mail of mailsFor({ reference: stored.reference, receivedAt: stored.createdAt })) {
      await enqueueMail(tx, mail, now, stored.id);
    }
    return stored;
  });
}
