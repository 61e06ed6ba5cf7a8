CREATE TABLE app_meta (
  id int PRIMARY KEY CHECK (id = 1),
  started_at timestamptz NOT NULL,
  schema_version text NOT NULL
);
