-- A pending subscription can be paid only until pay_by; after that it expires (decision 0701).
ALTER TABLE billing_subscriptions ADD COLUMN pay_by timestamptz;
UPDATE billing_subscriptions SET pay_by = created_at + interval '1 day' WHERE status = 'pending';
-- The sandbox provider refuses payment of a subscription after its expire_by, as Razorpay does.
ALTER TABLE sandbox_subscriptions ADD COLUMN expire_by timestamptz;

-- Failed checkout verifications are counted per subscription, not logged row by row: anyone may
-- call verification, and payment_events keeps every row for good.
CREATE TABLE payment_verification_failures (
  provider text NOT NULL,
  provider_subscription_id text NOT NULL,
  failures int NOT NULL,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (provider, provider_subscription_id)
);

-- A webhook is applied once per event id and once per body: the event id header is not signed.
ALTER TABLE payment_events ADD COLUMN body_sha256 text;
CREATE UNIQUE INDEX payment_events_webhook_body_once ON payment_events (provider, body_sha256)
  WHERE body_sha256 IS NOT NULL;
