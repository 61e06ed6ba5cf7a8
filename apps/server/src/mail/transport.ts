import nodemailer from 'nodemailer';

export interface MailEnvelope {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one message or throws; the outbox worker decides what a failure means. */
export interface MailTransport {
  send(mail: MailEnvelope): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer, e.g. smtps://user:pass@mail.example.com:465 or smtp://127.0.0.1:2525. */
export function createSmtpTransport(smtpUrl: string, opts: { timeoutMs?: number } = {}): MailTransport {
  const timeout = opts.timeoutMs ?? 20_000;
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}
