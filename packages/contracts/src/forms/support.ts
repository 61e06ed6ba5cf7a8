import { z } from 'zod';
import {
  atLeast,
  charCount,
  choice,
  emailField,
  formLimits,
  optionalText,
  personName,
  requiredText,
} from './fields.ts';
import { honeypot, honeypotField } from './honeypot.ts';

/** Support request (/api-support), SPEC §3 and §5. */
export const supportCategories = ['api-access', 'data', 'billing', 'account', 'technical', 'other'] as const;
export type SupportCategory = (typeof supportCategories)[number];
export const supportCategoryLabels: Record<SupportCategory, string> = {
  'api-access': 'API key and access',
  data: 'Data quality or coverage',
  billing: 'Billing and subscription',
  account: 'Account and sign-in',
  technical: 'Technical problem or error',
  other: 'Something else',
};

export const priorityLevels = ['low', 'medium', 'high', 'urgent'] as const;
export type PriorityLevel = (typeof priorityLevels)[number];
export const priorityLabels: Record<PriorityLevel, string> = {
  low: 'Low: a question, no hurry',
  medium: 'Medium: something is not working as expected',
  high: 'High: my integration is blocked',
  urgent: 'Urgent: production is down',
};

export const supportMessages = {
  nameRequired: 'Your name is required.',
  nameInvalid: 'Please enter your name using 2–50 letters.',
  categoryRequired: 'Please select a support category.',
  priorityRequired: 'Please select a priority level.',
  subjectShort: 'Subject should be at least 4 characters.',
  messageShort: 'Please provide at least 10 characters.',
  descriptionShape: 'Please send a subject and a message.',
} as const;

const subject = atLeast(
  requiredText(supportMessages.subjectShort, formLimits.subjectMax),
  formLimits.subjectMin,
  supportMessages.subjectShort,
).refine((v) => !/[\r\n]/.test(v), { error: 'The subject must be one line.' });

const message = atLeast(
  requiredText(supportMessages.messageShort, formLimits.detailsMax),
  formLimits.detailsMin,
  supportMessages.messageShort,
);

const supportName = personName(supportMessages.nameRequired, supportMessages.nameInvalid);
const category = choice(supportCategories, supportMessages.categoryRequired);
const priority = choice(priorityLevels, supportMessages.priorityRequired);

/** What the browser form validates. */
export const supportFormSchema = z.object({
  name: supportName,
  email: emailField,
  category,
  priority,
  subject,
  message,
  additional_details: optionalText(formLimits.additionalMax),
});
export type SupportFormInput = z.input<typeof supportFormSchema>;
export type SupportFormValues = z.output<typeof supportFormSchema>;

export const supportFormDefaults = {
  name: '',
  email: '',
  category: '',
  priority: '',
  subject: '',
  message: '',
  additional_details: '',
} as unknown as SupportFormInput;

/** Subject and message travel joined in `description`: the subject line, a blank line, the message. */
export const descriptionSeparator = '\n\n';

export function joinDescription(subjectLine: string, body: string): string {
  return `${subjectLine}${descriptionSeparator}${body}`;
}

export function splitDescription(description: string): { subject: string; message: string } | null {
  const at = description.indexOf(descriptionSeparator);
  if (at < 0) return null;
  return { subject: description.slice(0, at), message: description.slice(at + descriptionSeparator.length) };
}

/** `description` on the wire: checked as the subject and message it was joined from. */
const description = z
  .string({ error: supportMessages.descriptionShape })
  .refine((v) => charCount(v) <= formLimits.subjectMax + formLimits.detailsMax + 2, {
    error: `Please keep this to ${formLimits.subjectMax + formLimits.detailsMax + 2} characters or fewer.`,
    abort: true,
  })
  .transform((v, ctx) => {
    const parts = splitDescription(v.trim());
    if (!parts) {
      ctx.addIssue({ code: 'custom', message: supportMessages.descriptionShape });
      return z.NEVER;
    }
    const s = subject.safeParse(parts.subject);
    const m = message.safeParse(parts.message);
    if (!s.success || !m.success) {
      ctx.addIssue({ code: 'custom', message: (s.error ?? m.error)?.issues[0]?.message ?? '' });
      return z.NEVER;
    }
    return joinDescription(s.data, m.data);
  });

/** The support body of POST /support; unknown fields are refused. */
export const supportPayloadSchema = z.strictObject({
  email: emailField,
  first_name: supportName,
  description,
  additional_details: optionalText(formLimits.additionalMax),
  priority_level: priority,
  category,
  [honeypotField]: honeypot,
});
export type SupportPayload = z.output<typeof supportPayloadSchema>;

export function toSupportPayload(form: SupportFormValues, trap = ''): z.input<typeof supportPayloadSchema> {
  return {
    email: form.email,
    first_name: form.name,
    description: joinDescription(form.subject, form.message),
    additional_details: form.additional_details,
    priority_level: form.priority,
    category: form.category,
    ...(trap ? { [honeypotField]: trap } : {}),
  };
}
