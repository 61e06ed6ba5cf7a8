import { describe, expect, it } from 'vitest';
import {
  joinDescription,
  splitDescription,
  supportFormSchema,
  supportMessages,
  supportPayloadSchema,
  toSupportPayload,
} from './support.ts';
import { validateForm } from './validate.ts';

const valid = {
  name: 'Ravi Kumar',
  email: 'ravi@example.in',
  category: 'data',
  priority: 'high',
  subject: 'Missing EPS',
  message: 'EPS for ITC in FY24 Q2 is empty in /financials.',
  additional_details: '',
};

function errorsOf(schema: typeof supportFormSchema | typeof supportPayloadSchema, input: object) {
  const r = validateForm(schema, input);
  return r.ok ? {} : Object.fromEntries(r.errors.map((e) => [e.field, e.message]));
}

describe('support request rules', () => {
  it('give the SPEC message for every required field', () => {
    expect(errorsOf(supportFormSchema, { name: '', category: '', priority: '' })).toEqual({
      name: 'Your name is required.',
      email: 'Email is required.',
      category: 'Please select a support category.',
      priority: 'Please select a priority level.',
      subject: 'Subject should be at least 4 characters.',
      message: 'Please provide at least 10 characters.',
    });
  });

  it('check lengths: name 2-50 letters, subject at least 4, message at least 10', () => {
    expect(errorsOf(supportFormSchema, { ...valid, name: 'R' }).name).toBe(supportMessages.nameInvalid);
    expect(errorsOf(supportFormSchema, { ...valid, name: 'Ravi 2' }).name).toBe(supportMessages.nameInvalid);
    expect(errorsOf(supportFormSchema, { ...valid, subject: 'EPS' }).subject).toBe(
      'Subject should be at least 4 characters.',
    );
    expect(errorsOf(supportFormSchema, { ...valid, subject: 'EPS?' }).subject).toBeUndefined();
    expect(errorsOf(supportFormSchema, { ...valid, message: 'too short' }).message).toBe(
      'Please provide at least 10 characters.',
    );
    expect(errorsOf(supportFormSchema, { ...valid, email: 'ravi at example' }).email).toBe(
      'Please enter a valid email.',
    );
  });

  it('accept only the listed categories and priorities', () => {
    expect(errorsOf(supportFormSchema, { ...valid, category: 'love' }).category).toBe(
      supportMessages.categoryRequired,
    );
    expect(errorsOf(supportFormSchema, { ...valid, priority: 'asap' }).priority).toBe(
      supportMessages.priorityRequired,
    );
  });

  it('keep additional details optional', () => {
    const { additional_details: _, ...rest } = valid;
    expect(validateForm(supportFormSchema, rest)).toMatchObject({
      ok: true,
      data: { additional_details: '' },
    });
  });

  it('send the name as first_name and subject and message joined as description', () => {
    const form = validateForm(supportFormSchema, valid);
    if (!form.ok) throw new Error('expected a valid form');
    const payload = toSupportPayload(form.data);
    expect(payload).toEqual({
      email: 'ravi@example.in',
      first_name: 'Ravi Kumar',
      description: 'Missing EPS\n\nEPS for ITC in FY24 Q2 is empty in /financials.',
      additional_details: '',
      priority_level: 'high',
      category: 'data',
    });
    expect(splitDescription(payload.description)).toEqual({ subject: valid.subject, message: valid.message });
    expect(validateForm(supportPayloadSchema, payload).ok).toBe(true);
  });

  it('check the subject and message inside description on the server side', () => {
    const payload = {
      email: 'ravi@example.in',
      first_name: 'Ravi',
      additional_details: '',
      priority_level: 'low',
      category: 'other',
    };
    expect(
      errorsOf(supportPayloadSchema, {
        ...payload,
        description: joinDescription('Hi', 'long enough message'),
      }).description,
    ).toBe('Subject should be at least 4 characters.');
    expect(
      errorsOf(supportPayloadSchema, { ...payload, description: joinDescription('Help me', 'short') })
        .description,
    ).toBe('Please provide at least 10 characters.');
    expect(errorsOf(supportPayloadSchema, { ...payload, description: 'one line only' }).description).toBe(
      supportMessages.descriptionShape,
    );
    expect(errorsOf(supportPayloadSchema, { ...payload, description: 42 }).description).toBe(
      supportMessages.descriptionShape,
    );
  });
});
