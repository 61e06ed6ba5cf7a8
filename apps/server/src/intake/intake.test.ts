import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertUser } from '../accounts/users.ts';
import { buildApp } from '../app.ts';
import { accessTokenFor } from '../auth/testing.ts';
import { testConfig } from '../config.ts';

const contact = {
  email: 'asha@example.in',
  first_name: 'Asha',
  last_name: 'Rao',
  contact_number: '+91 98200 12345',
  description: 'Ten years of ratios for our screener.',
  company_name: 'Kite Capital',
  company_website: 'kitecapital.in',
  additional_details: '',
  category: 'fundamentals',
};

const support = {
  email: 'ravi@example.in',
  first_name: 'Ravi',
  description: 'Missing EPS\n\nEPS for ITC is empty in the latest quarter.',
  additional_details: '',
  priority_level: 'high',
  category: 'data',
};

for (const target of testDatabases()) {
  describe(`intake endpoints on ${target.name}`, () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    const now = new Date('2026-03-02T09:30:00Z');
    let ip = 0;
    /** Every test posts from its own address so the per-IP limit only bites where it is tested. */
    const nextIp = () => `10.0.0.${++ip}`;

    beforeAll(async () => {
      const db = await target.open();
      app = await buildApp(testConfig({ mailPollSeconds: 0, intakeRateLimit: 3 }), { db, clock: () => now });
      app.addHook('onClose', () => db.close());
    });
    afterAll(async () => {
      await app.close();
      await target.drop();
    });

    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextIp() });

    async function stored(reference: string) {
      const { rows } = await app.deps.db.query<{
        kind: string;
        payload: Record<string, unknown>;
        spam: boolean;
        id: number;
      }>('SELECT id, kind, payload, spam, source FROM intake_submissions WHERE reference = $1', [reference]);
      return rows[0];
    }
    async function mailOf(id: number) {
      const { rows } = await app.deps.db.query<{
        to_address: string;
        purpose: string;
        status: string;
        text_body: string;
      }>(
        'SELECT to_address, purpose, status, text_body FROM mail_outbox WHERE submission_id = $1 ORDER BY id',
        [id],
      );
      return rows;
    }

    it('stores an Enterprise inquiry before answering 201, with the team notice and an acknowledgement queued', async () => {
      const res = await post('/support?source=bahi', contact);
      expect(res.statusCode).toBe(201);
      const { reference, received_at } = res.json();
      expect(received_at).toBe(now.toISOString());
      const row = await stored(reference);
      expect(row).toMatchObject({ kind: 'contact', spam: false, source: 'bahi' });
      expect(row?.payload).toEqual({ ...contact, company_website: 'https://kitecapital.in' });
      const mail = await mailOf(row!.id);
      expect(mail.map((m) => [m.purpose, m.to_address, m.status])).toEqual([
        ['team-notification', 'support@localhost', 'pending'],
        ['acknowledgement', 'asha@example.in', 'pending'],
      ]);
      expect(mail[1]?.text_body).toContain('within 24 hours');
      expect(mail[1]?.text_body).toContain(reference);
    });

    it('stores a support request and queues one team notice', async () => {
      const res = await post('/support?source=bahi', support);
      expect(res.statusCode).toBe(201);
      const row = await stored(res.json().reference);
      expect(row).toMatchObject({ kind: 'support', payload: support });
      const mail = await mailOf(row!.id);
      expect(mail).toHaveLength(1);
      expect(mail[0]?.text_body).toContain('EPS for ITC is empty in the latest quarter.');
    });

    it('keeps terminal control characters out of the stored submission and the plain-text mail', async () => {
      const esc = '\u001b[2J\u001b]0;pwned\u0007\u0008\r\u009b31m';
      const res = await post('/support?source=bahi', {
        ...contact,
        company_name: `Kite${esc} Capital`,
        description: `Ten years of ratios${esc} for our screener.`,
      });
      expect(res.statusCode).toBe(201);
      const row = await stored(res.json().reference);
      const supportRes = await post('/support?source=bahi', {
        ...support,
        description: `Missing EPS${esc}\n\nEPS for ITC is empty${esc} in the latest quarter.`,
      });
      expect(supportRes.statusCode, supportRes.body).toBe(201);
      const supportRow = await stored(supportRes.json().reference);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
      const controls = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
      for (const r of [row!, supportRow!]) {
        expect(JSON.stringify(r.payload)).not.toMatch(/\\u001b|\\u0007|\\u0008|\\r/);
        for (const m of await mailOf(r.id)) expect(m.text_body).not.toMatch(controls);
      }
      expect(row?.payload.company_name).toBe('Kite[2J]0;pwned31m Capital');
    });

    it('answers 400 problem+json naming every invalid field of a contact body', async () => {
      const res = await post('/support?source=bahi', {
        ...contact,
        email: 'nope',
        first_name: 'A',
        company_website: 'not a site',
        description: 'short',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        status: 400,
        code: 'bad_request',
        errors: [
          { field: 'email', message: 'Please enter a valid email.' },
          { field: 'first_name', message: expect.stringMatching(/First name/) },
          { field: 'company_website', message: 'Please enter a valid website (or leave it blank).' },
          { field: 'description', message: 'Please add at least 10 characters.' },
        ],
      });
      const { rows } = await app.deps.db.query(
        "SELECT 1 FROM intake_submissions WHERE payload->>'email' = 'nope'",
      );
      expect(rows).toHaveLength(0);
    });

    it('answers 400 naming the invalid and unknown fields of a support body', async () => {
      const res = await post('/support?source=bahi', {
        ...support,
        first_name: '',
        category: '',
        description: 'Hi\n\nshort',
        role: 'admin',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'first_name', message: 'Your name is required.' },
        { field: 'description', message: 'Subject should be at least 4 characters.' },
        { field: 'category', message: 'Please select a support category.' },
        { field: 'role', message: 'This field is not accepted.' },
      ]);
    });

    it('requires the source product and a JSON object body', async () => {
      const noSource = await post('/support', contact);
      expect(noSource.statusCode).toBe(400);
      expect(noSource.json()).toMatchObject({ param: 'source' });
      const array = await post('/support?source=bahi', [contact]);
      expect(array.statusCode).toBe(400);
      const text = await app.inject({
        method: 'POST',
        url: '/support?source=bahi',
        payload: 'hello',
        headers: { 'content-type': 'text/plain' },
        remoteAddress: nextIp(),
      });
      expect(text.statusCode).toBe(415);
    });

    it('refuses bodies over the size limit', async () => {
      const res = await post('/support?source=bahi', { ...contact, description: 'x'.repeat(30_000) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'payload_too_large' });
    });

    it('keeps a honeypot submission as spam and sends no mail for it', async () => {
      const res = await post('/support?source=bahi', { ...support, fax_number: '555-0100' });
      expect(res.statusCode).toBe(201);
      const row = await stored(res.json().reference);
      expect(row?.spam).toBe(true);
      expect(await mailOf(row!.id)).toEqual([]);
    });

    it('limits submissions per IP and says when to retry', async () => {
      const from = nextIp();
      const codes: number[] = [];
      let last: Awaited<ReturnType<typeof post>> | undefined;
      for (let i = 0; i < 4; i++) {
        last = await app.inject({
          method: 'POST',
          url: '/support?source=bahi',
          payload: support,
          remoteAddress: from,
        });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([201, 201, 201, 429]);
      expect(last?.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
      const other = await post('/support?source=bahi', support);
      expect(other.statusCode).toBe(201);
    });

    it('takes feedback from a signed-in user by query token or Bearer header', async () => {
      const user = await upsertUser(app.deps.db, {
        email: 'meera@example.in',
        firstName: 'Meera',
        lastName: 'Iyer',
      });
      const token = await accessTokenFor(app, user.id, now);
      const byQuery = await post(`/api/v1/feedback?token=${token}`, {
        category: 'data',
        description: 'More BSE SME coverage please.',
      });
      expect(byQuery.statusCode).toBe(201);
      const byHeader = await post(
        '/api/v1/feedback',
        { category: 'bug', description: 'Docs search misses /dividend.' },
        {
          authorization: `Bearer ${token}`,
        },
      );
      expect(byHeader.statusCode).toBe(201);
      const { rows } = await app.deps.db.query<{ user_id: number; email: string; payload: unknown }>(
        "SELECT user_id, email, payload FROM intake_submissions WHERE kind = 'feedback' ORDER BY id",
      );
      expect(rows).toEqual([
        {
          user_id: user.id,
          email: 'meera@example.in',
          payload: { category: 'data', description: 'More BSE SME coverage please.' },
        },
        {
          user_id: user.id,
          email: 'meera@example.in',
          payload: { category: 'bug', description: 'Docs search misses /dividend.' },
        },
      ]);
      const invalid = await post(
        '/api/v1/feedback',
        { category: 'x', description: 'y'.repeat(1001) },
        {
          authorization: `Bearer ${token}`,
        },
      );
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().errors).toEqual([
        { field: 'category', message: 'Please choose a Category' },
        { field: 'description', message: 'Please keep your Message to 1000 characters.' },
      ]);
    });

    it('refuses feedback without a valid access token', async () => {
      const none = await post('/api/v1/feedback', { category: 'bug', description: 'hello there' });
      expect(none.statusCode).toBe(401);
      const bad = await post('/api/v1/feedback?token=forged', {
        category: 'bug',
        description: 'hello there',
      });
      expect(bad.statusCode).toBe(401);
      expect(bad.headers['content-type']).toContain('application/problem+json');
    });
  });
}
