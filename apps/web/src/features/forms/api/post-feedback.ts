import type { FeedbackFormValues } from '@bahi/contracts/forms';
import { authedFetch } from '../../../lib/api-client.ts';
import { type PostResult, readSubmission } from './post-form.ts';

/**
 * POST /api/v1/feedback as the signed-in user; 201 is success (SPEC §7). The access token goes
 * in the Authorization header through the authenticated client (refresh on 401, expiry checks).
 */
export function postFeedback(values: FeedbackFormValues): Promise<PostResult> {
  return readSubmission(
    () =>
      authedFetch('/api/v1/feedback', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(values),
      }),
    [201],
  );
}
