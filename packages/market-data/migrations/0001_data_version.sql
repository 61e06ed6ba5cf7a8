-- Data tables are added by the market-data core migrations that follow.
CREATE TABLE IF NOT EXISTS data_version (
  id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  version bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO data_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
