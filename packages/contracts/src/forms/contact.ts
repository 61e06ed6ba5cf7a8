import { z } from 'zod';
import { atLeast, choice, emailField, formLimits, optionalText, personName, requiredText } from './fields.ts';
import { honeypot, honeypotField } from './honeypot.ts';
import { normalizeWebsite, websiteMessage } from './website.ts';

/** Enterprise inquiry (/contact-us), SPEC §3 and §5. Form fields carry the payload's names. */
export const contactCategories = ['all', 'fundamentals', 'market', 'shareholding', 'commodity'] as const;
export type ContactCategory = (typeof contactCategories)[number];

export const contactCategoryLabels: Record<ContactCategory, string> = {
  all: 'All data',
  fundamentals: 'Fundamentals',
  market: 'Market data',
  shareholding: 'Shareholding',
  commodity: 'Commodities',
};

export const contactMessages = {
  contactNumberRequired: 'Contact number is required.',
  contactNumberInvalid: 'Please enter a valid contact number (7–20 digits, spaces, +, -, parentheses).',
  firstNameRequired: 'First name is required.',
  firstNameInvalid: 'First name should be 2–50 letters (spaces, apostrophes and hyphens allowed).',
  lastNameRequired: 'Last name is required.',
  lastNameInvalid: 'Last name should be 2–50 letters (spaces, apostrophes and hyphens allowed).',
  categoryRequired: 'Please select a data category.',
  detailsRequired: 'Please add at least 10 characters.',
  detailsShort: 'Please add at least 10 characters.',
  website: websiteMessage,
} as const;

const contactNumberPattern = /^[0-9 ()+-]{7,20}$/;

const contactNumber = requiredText(contactMessages.contactNumberRequired, Number.POSITIVE_INFINITY).refine(
  (v) => contactNumberPattern.test(v) && /\d/.test(v),
  { error: contactMessages.contactNumberInvalid },
);

const website = z
  .string({ error: websiteMessage })
  .max(formLimits.websiteMax, { error: websiteMessage })
  .optional()
  .transform((v, ctx) => {
    const normalized = normalizeWebsite(v ?? '');
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: websiteMessage });
      return z.NEVER;
    }
    return normalized;
  });

const contactFields = {
  email: emailField,
  contact_number: contactNumber,
  first_name: personName(contactMessages.firstNameRequired, contactMessages.firstNameInvalid),
  last_name: personName(contactMessages.lastNameRequired, contactMessages.lastNameInvalid),
  company_name: optionalText(formLimits.companyNameMax),
  company_website: website,
  category: choice(contactCategories, contactMessages.categoryRequired),
  description: atLeast(
    requiredText(contactMessages.detailsRequired, formLimits.detailsMax),
    formLimits.detailsMin,
    contactMessages.detailsShort,
  ),
};

/** What the browser form validates; its output (website with scheme) is what gets sent. */
export const contactFormSchema = z.object(contactFields);
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

/** The Enterprise inquiry body of POST /support; unknown fields are refused. */
export const contactPayloadSchema = z.strictObject({
  ...contactFields,
  additional_details: optionalText(formLimits.additionalMax),
  [honeypotField]: honeypot,
});
export type ContactPayload = z.output<typeof contactPayloadSchema>;

export const contactFormDefaults: ContactFormInput = {
  email: '',
  contact_number: '',
  first_name: '',
  last_name: '',
  company_name: '',
  company_website: '',
  category: 'all',
  description: '',
};

/** The body the browser sends: the validated form plus additional_details, which is sent empty. */
export function toContactPayload(form: ContactFormValues, trap = ''): z.input<typeof contactPayloadSchema> {
  return { ...form, additional_details: '', ...(trap ? { [honeypotField]: trap } : {}) };
}
