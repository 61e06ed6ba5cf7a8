-- Contact, support and feedback submissions, kept before the answer is sent.
CREATE TABLE intake_submissions (
  id bigserial PRIMARY KEY,
  reference uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('contact', 'support', 'feedback')),
  source text NOT NULL,
  email text NOT NULL,
  user_id bigint REFERENCES users (id),
  payload jsonb NOT NULL,
  spam boolean NOT NULL DEFAULT false,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL
);
CREATE INDEX intake_submissions_recent ON intake_submissions (created_at DESC);

-- Mail waiting to be sent, sent, or given up on; drained by the mail worker.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  submission_id bigint REFERENCES intake_submissions (id),
  purpose text NOT NULL,
  to_address text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  locked_until timestamptz,
  last_error text,
  logged_at timestamptz,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'pending';
