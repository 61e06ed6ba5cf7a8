-- Sign-in sessions: opaque refresh tokens, stored as SHA-256 hashes, rotated on every use.
-- All tokens of one sign-in share a family; presenting a spent token revokes the family.
CREATE TABLE refresh_tokens (
  id bigserial PRIMARY KEY,
  family_id uuid NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);
