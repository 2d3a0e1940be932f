-- One windowed counter for every throttle (sign-in, sign-up, password mail, capture-link misses),
-- in the database so that several API processes share it (DESIGN §1). One row per (bucket, key):
-- its window starts at the first hit and a hit after the window ends starts a new one.
CREATE TABLE rate_limits (
  bucket text NOT NULL,
  key text NOT NULL,
  window_start timestamptz NOT NULL DEFAULT now(),
  hits integer NOT NULL CHECK (hits >= 0),
  PRIMARY KEY (bucket, key)
);
-- Finished windows are deleted now and then by window_start, not by scanning the table.
CREATE INDEX rate_limits_window_start_idx ON rate_limits (window_start);

DROP TABLE login_failures;
DROP TABLE capture_link_misses;
