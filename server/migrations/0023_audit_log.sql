-- The audit log: who did what, acting for which company, on what, when, from which address, under
-- which request id. Append-only like the ledger: the database refuses UPDATE, DELETE and TRUNCATE.
-- No foreign keys: an entry outlives the account or job it names (erasure keeps the log).
-- It never holds a token, a password, a full phone number or a NIN: `detail` is scrubbed before
-- it is written (services/audit.ts).
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  company_id uuid,
  action text NOT NULL CHECK (action ~ '^[a-z0-9_]+(\.[a-z0-9_]+)+$'),
  target_type text,
  target_id text,
  outcome smallint NOT NULL,
  ip text,
  request_id text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_company_at_idx ON audit_log (company_id, at DESC, id DESC);
CREATE INDEX audit_log_actor_at_idx ON audit_log (actor_id, at DESC, id DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME;
END
$$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
