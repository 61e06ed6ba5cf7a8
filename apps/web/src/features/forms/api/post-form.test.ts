import { describe, expect, it } from 'vitest';
import { genericFailure, readSubmission } from './post-form.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json' } });

describe('reading a form submission answer', () => {
  it('succeeds on 200 and 201 only', async () => {
    expect(await readSubmission(async () => new Response(null, { status: 201 }))).toEqual({ ok: true });
    expect(await readSubmission(async () => new Response('{}', { status: 200 }))).toEqual({ ok: true });
    expect(await readSubmission(async () => new Response(null, { status: 204 }))).toEqual({
      ok: false,
      message: genericFailure,
      fieldErrors: [],
    });
    expect(genericFailure).toBe('Something went wrong! Please try again.');
  });

  it("shows the server's message and field errors when it sent them", async () => {
    const errors = [{ field: 'email', message: 'Please enter a valid email.' }];
    expect(
      await readSubmission(async () => json(400, { detail: 'Please correct these fields: email.', errors })),
    ).toEqual({
      ok: false,
      message: 'Please correct these fields: email.',
      fieldErrors: errors,
    });
    expect(await readSubmission(async () => json(500, { message: 'Down for maintenance' }))).toMatchObject({
      message: 'Down for maintenance',
    });
    expect(
      await readSubmission(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    ).toMatchObject({
      message: genericFailure,
    });
  });

  it('shows the error message when no answer came, else the generic text', async () => {
    expect(
      await readSubmission(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toMatchObject({ message: 'Failed to fetch' });
    expect(
      await readSubmission(async () => {
        throw new Error('');
      }),
    ).toMatchObject({ message: genericFailure });
  });
});
