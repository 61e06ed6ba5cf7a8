import { z } from 'zod';
import { charCount, choice, formLimits, requiredText } from './fields.ts';

/** Feedback (/feedback), for signed-in users: SPEC §3, §5 and §9. */
export const feedbackCategories = ['suggestion', 'bug', 'data', 'documentation', 'billing', 'other'] as const;
export type FeedbackCategory = (typeof feedbackCategories)[number];
export const feedbackCategoryLabels: Record<FeedbackCategory, string> = {
  suggestion: 'Suggestion',
  bug: 'Something is broken',
  data: 'Data quality',
  documentation: 'Documentation',
  billing: 'Plans and billing',
  other: 'Other',
};

export const feedbackMessages = {
  categoryRequired: 'Please choose a Category',
  messageRequired: 'Please enter your Message',
  messageTooLong: `Please keep your Message to ${formLimits.feedbackMax} characters.`,
  signedOut: 'Please login to access this section.',
  thanks: 'Thank you for choosing us, and we look forward to serving you!',
} as const;

const fields = {
  category: choice(feedbackCategories, feedbackMessages.categoryRequired),
  description: requiredText(feedbackMessages.messageRequired, Number.POSITIVE_INFINITY).refine(
    (v) => charCount(v) <= formLimits.feedbackMax,
    { error: feedbackMessages.messageTooLong },
  ),
};

export const feedbackFormSchema = z.object(fields);
export type FeedbackFormInput = z.input<typeof feedbackFormSchema>;
export type FeedbackFormValues = z.output<typeof feedbackFormSchema>;
export const feedbackFormDefaults = { category: '', description: '' } as unknown as FeedbackFormInput;

/** The body of POST /api/v1/feedback; unknown fields are refused. */
export const feedbackPayloadSchema = z.strictObject(fields);
export type FeedbackPayload = z.output<typeof feedbackPayloadSchema>;
