-- Requests to the public capture API with a token that matches no link, per client IP. Counted
-- over a window to slow down anyone guessing links; in the database so that several API processes
-- share the counters (DESIGN §1), like login_failures.
CREATE TABLE capture_link_misses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX capture_link_misses_ip_at_idx ON capture_link_misses (ip, at);
