import { z } from 'zod';

/**
 * Field rules shared by the contact, support and feedback forms (SPEC §5). Each rule trims the
 * value, gives the "required" message for a missing or blank value and stops there, then checks
 * the length and format with the message the form shows.
 */

/** Characters as a person counts them (code points), used by every length limit and the counters. */
export function charCount(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/**
 * Control characters a terminal or mail client would act on (escape sequences, backspace, bell,
 * C1 controls, lone carriage returns): removed from every text field before it is checked, here
 * and on the server alike. Tabs and line feeds stay; CR LF becomes LF, a lone CR goes.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const controlChars = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

export function stripControls(value: string): string {
  return value.replace(/\r\n/g, '\n').replace(controlChars, '');
}

export const formLimits = {
  nameMin: 2,
  nameMax: 50,
  emailMax: 254,
  phoneMin: 7,
  phoneMax: 20,
  companyNameMax: 100,
  websiteMax: 200,
  detailsMin: 10,
  detailsMax: 5000,
  subjectMin: 4,
  subjectMax: 150,
  additionalMax: 2000,
  feedbackMax: 1000,
} as const;

export const tooLong = (max: number) => `Please keep this to ${max} characters or fewer.`;

/** A required text: blank gives `required`; longer than `max` code points gives the too-long message. */
export function requiredText(required: string, max: number) {
  return z
    .string({ error: required })
    .overwrite(stripControls)
    .trim()
    .min(1, { error: required, abort: true })
    .refine((v) => charCount(v) <= max, { error: tooLong(max) });
}

/** An optional text: missing or blank becomes ''. */
export function optionalText(max: number) {
  return z
    .string({ error: 'Please enter text.' })
    .overwrite(stripControls)
    .trim()
    .refine((v) => charCount(v) <= max, { error: tooLong(max) })
    .optional()
    .transform((v) => v ?? '');
}

/** Letters (any script, with their marks), spaces, apostrophes and hyphens. */
const namePattern = /^[\p{L}\p{M}' \u2019-]+$/u;

export function personName(required: string, invalid: string) {
  return requiredText(required, formLimits.nameMax).refine(
    (v) => charCount(v) >= formLimits.nameMin && namePattern.test(v) && /\p{L}/u.test(v),
    { error: invalid },
  );
}

export const emailMessages = {
  required: 'Email is required.',
  invalid: 'Please enter a valid email.',
} as const;

const emailFormat = z.email();

export const emailField = requiredText(emailMessages.required, formLimits.emailMax).refine(
  (v) => emailFormat.safeParse(v).success,
  { error: emailMessages.invalid },
);

/** A choice among fixed values; anything else gives `required` (the user has not picked one). */
export function choice<const T extends readonly [string, ...string[]]>(values: T, required: string) {
  return z.enum(values, { error: required });
}

/** Minimum length counted after trimming. */
export function atLeast(schema: z.ZodType<string, string>, min: number, message: string) {
  return schema.refine((v) => charCount(v) >= min, { error: message });
}
