import {
  type ContactPayload,
  contactCategoryLabels,
  type FeedbackPayload,
  feedbackCategoryLabels,
  priorityLabels,
  type SupportPayload,
  splitDescription,
  supportCategoryLabels,
} from '@bahi/contracts';
import { escapeHtml, headerText } from '../mail/html.ts';
import type { OutgoingMail } from '../mail/outbox.ts';

/** What every notification names besides the fields: where it came from and how to find it again. */
export interface SubmissionMeta {
  reference: string;
  receivedAt: Date;
  source: string;
  ip: string | null;
  userEmail?: string;
}

type Rows = [label: string, value: string][];

/** A plain-text and an HTML body from the same rows; every value is user text and is escaped in HTML. */
function render(title: string, rows: Rows, meta: SubmissionMeta): { text: string; html: string } {
  const all: Rows = [
    ...rows,
    ['Reference', meta.reference],
    ['Received', meta.receivedAt.toISOString()],
    ['Source', meta.source],
    ...(meta.ip ? ([['IP address', meta.ip]] as Rows) : []),
  ];
  const text = `${title}\n\n${all.map(([k, v]) => `${k}:\n${v || '(empty)'}\n`).join('\n')}`;
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<h1 style="font-size:18px">${escapeHtml(title)}</h1>
<table cellpadding="6" style="border-collapse:collapse">
${all
  .map(
    ([k, v]) =>
      `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${
        v ? escapeHtml(v) : '<em>(empty)</em>'
      }</td></tr>`,
  )
  .join('\n')}
</table></body></html>`;
  return { text, html };
}

export function contactNotification(p: ContactPayload, meta: SubmissionMeta, inbox: string): OutgoingMail {
  const who = `${p.first_name} ${p.last_name}`;
  const body = render(
    'New Enterprise inquiry',
    [
      ['Name', who],
      ['Email', p.email],
      ['Contact number', p.contact_number],
      ['Company', p.company_name],
      ['Website', p.company_website],
      ['Data category', contactCategoryLabels[p.category]],
      ['Project details', p.description],
      ['Additional details', p.additional_details],
    ],
    meta,
  );
  return {
    purpose: 'team-notification',
    to: inbox,
    replyTo: p.email,
    subject: headerText(`[Enterprise inquiry] ${p.company_name || who}: ${who}`),
    ...body,
  };
}

/** Sent to the person: confirms receipt and the 24-hour promise; it repeats none of their free text. */
export function contactAcknowledgement(p: ContactPayload, meta: SubmissionMeta, inbox: string): OutgoingMail {
  const name = headerText(p.first_name, 50);
  const lines = [
    `Dear ${name},`,
    'Thank you for your interest in Bahi Enterprise. We have received your inquiry and a member of our team will reply within 24 hours.',
    `Your reference: ${meta.reference}`,
    `If you need to add anything, reply to this message or write to ${inbox}.`,
    'The Bahi team',
  ];
  return {
    purpose: 'acknowledgement',
    to: p.email,
    replyTo: inbox,
    subject: 'We received your Enterprise inquiry',
    text: lines.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif">${lines
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('')}</body></html>`,
  };
}

export function supportNotification(p: SupportPayload, meta: SubmissionMeta, inbox: string): OutgoingMail {
  const parts = splitDescription(p.description) ?? { subject: '', message: p.description };
  const body = render(
    'New support request',
    [
      ['Name', p.first_name],
      ['Email', p.email],
      ['Category', supportCategoryLabels[p.category]],
      ['Priority', priorityLabels[p.priority_level]],
      ['Subject', parts.subject],
      ['Message', parts.message],
      ['Additional details', p.additional_details],
    ],
    meta,
  );
  return {
    purpose: 'team-notification',
    to: inbox,
    replyTo: p.email,
    subject: headerText(`[Support: ${p.priority_level}] ${parts.subject}`),
    ...body,
  };
}

export function feedbackNotification(p: FeedbackPayload, meta: SubmissionMeta, inbox: string): OutgoingMail {
  const body = render(
    'New feedback',
    [
      ['From', meta.userEmail ?? ''],
      ['Category', feedbackCategoryLabels[p.category]],
      ['Message', p.description],
    ],
    meta,
  );
  return {
    purpose: 'team-notification',
    to: inbox,
    replyTo: meta.userEmail ?? null,
    subject: headerText(`[Feedback: ${p.category}] from ${meta.userEmail ?? 'a signed-in user'}`),
    ...body,
  };
}
