import { describe, expect, it } from 'vitest';
import { contactFormSchema, contactMessages, contactPayloadSchema, toContactPayload } from './contact.ts';
import { emailMessages } from './fields.ts';
import { validateForm } from './validate.ts';
import { normalizeWebsite, websiteMessage } from './website.ts';

const valid = {
  email: 'asha@example.in',
  contact_number: '+91 (22) 4000-1234',
  first_name: 'Asha',
  last_name: "D'Souza-Rao",
  company_name: 'Kite Capital',
  company_website: 'kitecapital.in',
  category: 'fundamentals',
  description: 'We need ten years of ratios for 500 companies.',
};

function errorsOf(input: Record<string, unknown>) {
  const r = validateForm(contactFormSchema, input);
  return r.ok ? {} : Object.fromEntries(r.errors.map((e) => [e.field, e.message]));
}

describe('Enterprise inquiry rules', () => {
  it('accept a complete form and add https:// to the website', () => {
    const r = validateForm(contactFormSchema, valid);
    expect(r).toEqual({ ok: true, data: { ...valid, company_website: 'https://kitecapital.in' } });
  });

  it('give every required message on an empty form', () => {
    expect(errorsOf({ category: 'all' })).toEqual({
      email: emailMessages.required,
      contact_number: contactMessages.contactNumberRequired,
      first_name: contactMessages.firstNameRequired,
      last_name: contactMessages.lastNameRequired,
      description: 'Please add at least 10 characters.',
    });
    expect(emailMessages).toEqual({ required: 'Email is required.', invalid: 'Please enter a valid email.' });
  });

  it('check the email format', () => {
    expect(errorsOf({ ...valid, email: 'asha@' }).email).toBe('Please enter a valid email.');
    expect(errorsOf({ ...valid, email: '   ' }).email).toBe('Email is required.');
    expect(errorsOf({ ...valid, email: ' asha@example.in ' }).email).toBeUndefined();
  });

  it('allow 7 to 20 digits, spaces, parentheses, plus and minus in the contact number', () => {
    expect(errorsOf({ ...valid, contact_number: '9876543' }).contact_number).toBeUndefined();
    expect(errorsOf({ ...valid, contact_number: '+1 (555) 010-9999 00' }).contact_number).toBeUndefined();
    for (const bad of ['987654', '+91 98765 43210 12345', '98765x43210', '+-() -()']) {
      expect(errorsOf({ ...valid, contact_number: bad }).contact_number).toBe(
        contactMessages.contactNumberInvalid,
      );
    }
  });

  it('allow 2 to 50 letters, spaces, apostrophes and hyphens in names, in any script', () => {
    for (const ok of ['Li', 'Anne-Marie', "O'Brien", 'O’Brien', 'Jean Luc', 'सुनीता', 'x'.repeat(50)]) {
      expect(errorsOf({ ...valid, first_name: ok }).first_name).toBeUndefined();
    }
    for (const bad of ['A', 'x'.repeat(51), 'R2D2', 'Dr. Rao', "'-"]) {
      expect(errorsOf({ ...valid, last_name: bad }).last_name).toMatch(/Last name|characters or fewer/);
    }
    expect(errorsOf({ ...valid, last_name: 'A' }).last_name).toBe(contactMessages.lastNameInvalid);
  });

  it('treat the website as optional but check it when given', () => {
    expect(validateForm(contactFormSchema, { ...valid, company_website: '' })).toMatchObject({
      ok: true,
      data: { company_website: '' },
    });
    for (const bad of ['not a site', 'localhost', 'ftp://files.example.com', 'http://', 'example.c0m']) {
      expect(errorsOf({ ...valid, company_website: bad }).company_website).toBe(websiteMessage);
    }
    expect(websiteMessage).toBe('Please enter a valid website (or leave it blank).');
  });

  it('only accept the five data categories', () => {
    expect(errorsOf({ ...valid, category: 'crypto' }).category).toBe(contactMessages.categoryRequired);
    for (const c of ['all', 'fundamentals', 'market', 'shareholding', 'commodity']) {
      expect(errorsOf({ ...valid, category: c }).category).toBeUndefined();
    }
  });

  it('need at least 10 characters of project details, counted after trimming', () => {
    expect(errorsOf({ ...valid, description: '  123456789  ' }).description).toBe(
      'Please add at least 10 characters.',
    );
    expect(errorsOf({ ...valid, description: '1234567890' }).description).toBeUndefined();
  });

  it('send additional_details empty and refuse unknown fields on the wire', () => {
    const form = validateForm(contactFormSchema, valid);
    if (!form.ok) throw new Error('expected a valid form');
    const payload = toContactPayload(form.data);
    expect(payload.additional_details).toBe('');
    expect(validateForm(contactPayloadSchema, payload).ok).toBe(true);
    const r = validateForm(contactPayloadSchema, { ...payload, is_admin: true, plan: 'E' });
    expect(r).toEqual({
      ok: false,
      errors: [
        { field: 'is_admin', message: 'This field is not accepted.' },
        { field: 'plan', message: 'This field is not accepted.' },
      ],
    });
  });
});

describe('website normalisation', () => {
  it('adds https:// only when no scheme is present', () => {
    expect(normalizeWebsite('example.com')).toBe('https://example.com');
    expect(normalizeWebsite('www.example.co.in/about')).toBe('https://www.example.co.in/about');
    expect(normalizeWebsite('http://example.com')).toBe('http://example.com');
    expect(normalizeWebsite('HTTPS://Example.com')).toBe('HTTPS://Example.com');
    expect(normalizeWebsite('example.com:8443')).toBe('https://example.com:8443');
    expect(normalizeWebsite('  ')).toBe('');
    expect(normalizeWebsite('javascript:alert(1)')).toBeNull();
    expect(normalizeWebsite('https://user:pw@example.com')).toBeNull();
  });
});
