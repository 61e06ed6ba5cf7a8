CREATE TABLE users (
  id bigserial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  plan text NOT NULL DEFAULT 'B' CHECK (plan IN ('B', 'I', 'P', 'E')),
  billing_cycle text CHECK (billing_cycle IN ('quarterly', 'annual', 'custom')),
  subscription_status text NOT NULL DEFAULT 'active'
    CHECK (subscription_status IN ('active', 'pending', 'halted', 'cancelled', 'completed', 'expired')),
  subscription_expires_at timestamptz,
  rate_limit_per_minute int CHECK (rate_limit_per_minute > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  key_hash text NOT NULL UNIQUE,
  key_prefix text NOT NULL,
  key_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE UNIQUE INDEX api_keys_one_active_per_user ON api_keys (user_id) WHERE revoked_at IS NULL;

CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
