import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { decodeQuotedPrintable, htmlPartOf, startTestSmtp } from '../intake/test-smtp.ts';
import { backoffSeconds, maxAttempts } from './outbox.ts';

const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';

const support = {
  email: 'ravi@example.in',
  first_name: 'Ravi',
  description: `Broken page <b>now</b>\n\nThe page shows ${script} & more`,
  additional_details: '',
  priority_level: 'urgent',
  category: 'technical',
};

describe('backoff', () => {
  it('doubles from 30 seconds up to one hour', () => {
    expect([1, 2, 3, 4, 8, 9, maxAttempts].map(backoffSeconds)).toEqual([30, 60, 120, 240, 3600, 3600, 3600]);
  });
});

for (const target of testDatabases()) {
  describe(`mail delivery through a real SMTP server on ${target.name}`, () => {
    let now = new Date('2026-03-02T09:30:00Z');
    let db: Awaited<ReturnType<typeof target.open>>;
    let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
    let up: Awaited<ReturnType<typeof buildApp>>;

    beforeAll(async () => {
      db = await target.open();
      smtp = await startTestSmtp();
      up = await buildApp(testConfig({ mailPollSeconds: 0, smtpUrl: `smtp://127.0.0.1:${smtp.port}` }), {
        db,
        clock: () => now,
      });
    });
    afterAll(async () => {
      await up.close();
      await smtp.close();
      await db.close();
      await target.drop();
    });

    it('sends the team notice with user text escaped in HTML and stored verbatim', async () => {
      const res = await up.inject({ method: 'POST', url: '/support?source=bahi', payload: support });
      expect(res.statusCode).toBe(201);
      const { reference } = res.json();
      const { rows } = await db.query<{ payload: typeof support }>(
        'SELECT payload FROM intake_submissions WHERE reference = $1',
        [reference],
      );
      expect(rows[0]?.payload.description).toBe(support.description);

      await up.mail.drain();
      const mail = smtp.received.find((m) => m.raw.includes(reference));
      expect(mail?.to).toEqual(['support@localhost']);
      const body = decodeQuotedPrintable(mail?.raw ?? '');
      const html = htmlPartOf(mail?.raw ?? '');
      expect(html).toContain(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;',
      );
      expect(html).toContain('Broken page &lt;b&gt;now&lt;/b&gt;');
      expect(html).not.toContain('<script');
      expect(html).not.toContain('<img');
      expect(html).not.toContain('<b>');
      expect(body).toContain(`The page shows ${script} & more`);
      expect(body).toMatch(/^Subject: \[Support: urgent\] Broken page <b>now<\/b>/m);
      expect(body).toMatch(/^Reply-To: ravi@example.in/m);
      const state = await db.query<{ status: string; attempts: number }>(
        `SELECT m.status, m.attempts FROM mail_outbox m JOIN intake_submissions s ON s.id = m.submission_id
         WHERE s.reference = $1`,
        [reference],
      );
      expect(state.rows).toEqual([{ status: 'sent', attempts: 1 }]);
    });

    it('acknowledges an Enterprise inquiry to the sender without echoing their text', async () => {
      const res = await up.inject({
        method: 'POST',
        url: '/support?source=bahi',
        payload: {
          email: 'asha@example.in',
          first_name: 'Asha',
          last_name: 'Rao',
          contact_number: '9820012345',
          description: 'Please call me about <a href="http://spam.example">cheap pills</a>.',
          company_name: '',
          company_website: '',
          additional_details: '',
          category: 'all',
        },
      });
      expect(res.statusCode).toBe(201);
      await up.mail.drain();
      const ack = smtp.received.find((m) => m.to.includes('asha@example.in'));
      const body = decodeQuotedPrintable(ack?.raw ?? '');
      expect(body).toContain('within 24 hours');
      expect(body).toContain(res.json().reference);
      expect(body).not.toContain('cheap pills');
      const team = smtp.received.find(
        (m) => m.to.includes('support@localhost') && m.raw.includes(res.json().reference),
      );
      expect(decodeQuotedPrintable(team?.raw ?? '')).toContain('cheap pills');
    });

    it('still answers 201 with the SMTP server down, then retries with backoff until it is back', async () => {
      const spare = await startTestSmtp();
      const port = spare.port;
      await spare.close();
      const down = await buildApp(testConfig({ mailPollSeconds: 0, smtpUrl: `smtp://127.0.0.1:${port}` }), {
        db,
        clock: () => now,
      });
      try {
        const res = await down.inject({ method: 'POST', url: '/support?source=bahi', payload: support });
        expect(res.statusCode).toBe(201);
        const { reference } = res.json();
        const outbox = () =>
          db.query<{ status: string; attempts: number; next_attempt_at: Date; last_error: string | null }>(
            `SELECT m.status, m.attempts, m.next_attempt_at, m.last_error FROM mail_outbox m
             JOIN intake_submissions s ON s.id = m.submission_id WHERE s.reference = $1`,
            [reference],
          );

        // The submission kicked the worker; drain() waits for that attempt and finds nothing else due.
        expect(await down.mail.drain()).toMatchObject({ sent: 0, failed: 0 });
        let [row] = (await outbox()).rows;
        expect(row).toMatchObject({ status: 'pending', attempts: 1 });
        expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i);
        expect(new Date(row!.next_attempt_at).getTime() - now.getTime()).toBe(30_000);

        // Not due yet: nothing is tried.
        expect(await down.mail.drain()).toMatchObject({ sent: 0, failed: 0 });
        now = new Date(now.getTime() + 31_000);
        expect(await down.mail.drain()).toMatchObject({ failed: 1 });
        [row] = (await outbox()).rows;
        expect(row).toMatchObject({ status: 'pending', attempts: 2 });
        expect(new Date(row!.next_attempt_at).getTime() - now.getTime()).toBe(60_000);

        const back = await startTestSmtp(port);
        try {
          now = new Date(now.getTime() + 61_000);
          expect(await down.mail.drain()).toMatchObject({ sent: 1, failed: 0 });
          [row] = (await outbox()).rows;
          expect(row).toMatchObject({ status: 'sent', attempts: 3 });
          expect(back.received.some((m) => m.raw.includes(reference))).toBe(true);
        } finally {
          await back.close();
        }
      } finally {
        await down.close();
      }
    });
  });
}

describe('without SMTP', () => {
  it('keeps the messages pending in the outbox and logs each once', async () => {
    const [target] = testDatabases();
    const db = await target!.open();
    const app = await buildApp(testConfig({ mailPollSeconds: 0 }), { db });
    try {
      const res = await app.inject({ method: 'POST', url: '/support?source=bahi', payload: support });
      expect(res.statusCode).toBe(201);
      await app.mail.drain();
      expect(await app.mail.drain()).toEqual({ sent: 0, failed: 0, logged: 0 });
      const { rows } = await db.query<{ status: string; logged: boolean }>(
        'SELECT status, logged_at IS NOT NULL AS logged FROM mail_outbox',
      );
      expect(rows).toEqual([{ status: 'pending', logged: true }]);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
