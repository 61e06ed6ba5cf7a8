import { describe, expect, it } from 'vitest';
import { feedbackFormSchema, feedbackMessages, feedbackPayloadSchema } from './feedback.ts';
import { charCount } from './fields.ts';
import { notAnObjectMessage, validateForm } from './validate.ts';

function errorsOf(input: unknown) {
  const r = validateForm(feedbackPayloadSchema, input);
  return r.ok ? {} : Object.fromEntries(r.errors.map((e) => [e.field, e.message]));
}

describe('feedback rules', () => {
  it('require a category and a message with the SPEC wording', () => {
    expect(errorsOf({ category: '', description: '   ' })).toEqual({
      category: 'Please choose a Category',
      description: 'Please enter your Message',
    });
    expect(feedbackMessages.signedOut).toBe('Please login to access this section.');
  });

  it('allow at most 1000 characters, counting what a person sees', () => {
    expect(errorsOf({ category: 'bug', description: 'x'.repeat(1000) })).toEqual({});
    expect(errorsOf({ category: 'bug', description: 'x'.repeat(1001) }).description).toBe(
      feedbackMessages.messageTooLong,
    );
    const emoji = '📈'.repeat(1000);
    expect(emoji.length).toBe(2000);
    expect(charCount(emoji)).toBe(1000);
    expect(errorsOf({ category: 'bug', description: emoji })).toEqual({});
  });

  it('share the rules between the browser form and the wire body', () => {
    const r = validateForm(feedbackFormSchema, { category: 'data', description: '  Great data  ' });
    expect(r).toEqual({ ok: true, data: { category: 'data', description: 'Great data' } });
  });

  it('name unknown fields and non-object bodies', () => {
    expect(errorsOf({ category: 'bug', description: 'ok', user_id: 1 })).toEqual({
      user_id: 'This field is not accepted.',
    });
    expect(validateForm(feedbackPayloadSchema, 'hello')).toEqual({
      ok: false,
      errors: [{ field: '', message: notAnObjectMessage }],
    });
  });
});
