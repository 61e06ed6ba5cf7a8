-- Subscriptions bought through the payment provider, and the append-only log of payment events.
CREATE TABLE billing_subscriptions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  provider text NOT NULL CHECK (provider IN ('razorpay', 'sandbox')),
  provider_subscription_id text NOT NULL UNIQUE,
  plan text NOT NULL CHECK (plan IN ('I', 'P', 'E')),
  base_amount int NOT NULL CHECK (base_amount > 0),
  gst_amount int NOT NULL CHECK (gst_amount >= 0),
  total_amount int NOT NULL CHECK (total_amount = base_amount + gst_amount),
  currency text NOT NULL,
  phone_number text NOT NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'active', 'halted', 'cancelled', 'completed', 'expired')),
  payment_id text,
  activated_at timestamptz,
  current_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_subscriptions_user ON billing_subscriptions (user_id, activated_at);

CREATE TABLE payment_events (
  id bigserial PRIMARY KEY,
  user_id bigint REFERENCES users (id),
  provider text NOT NULL,
  kind text NOT NULL,
  plan text,
  amount int,
  currency text,
  provider_subscription_id text,
  provider_payment_id text,
  provider_event_id text,
  outcome text NOT NULL,
  detail text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_events_subscription ON payment_events (provider_subscription_id);
-- A webhook event is applied once: its id may appear only once per provider.
CREATE UNIQUE INDEX payment_events_webhook_once ON payment_events (provider, provider_event_id)
  WHERE provider_event_id IS NOT NULL;

-- Payment events are evidence: never updated, never deleted.
CREATE FUNCTION payment_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payment_events is append-only';
END;
$$;
CREATE TRIGGER payment_events_no_change BEFORE UPDATE OR DELETE ON payment_events
  FOR EACH ROW EXECUTE FUNCTION payment_events_append_only();
CREATE TRIGGER payment_events_no_truncate BEFORE TRUNCATE ON payment_events
  FOR EACH STATEMENT EXECUTE FUNCTION payment_events_append_only();

-- The offline sandbox provider keeps its own subscriptions, as the real provider would.
CREATE TABLE sandbox_subscriptions (
  id text PRIMARY KEY,
  plan_id text NOT NULL,
  total_count int NOT NULL,
  paid_count int NOT NULL DEFAULT 0,
  amount_paise int NOT NULL,
  status text NOT NULL DEFAULT 'created',
  current_start timestamptz,
  current_end timestamptz,
  notes jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
