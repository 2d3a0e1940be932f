-- Messages between users, and broadcasts to all companies or all agents. A message is written
-- once and delivered to each recipient, so a broadcast to 10,000 agents is one row in its
-- sender's Sent box and one INSERT … SELECT of deliveries.
CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sender_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- A message to one user names them; a broadcast names its audience instead.
  recipient_id uuid REFERENCES accounts (id) ON DELETE CASCADE,
  audience text CHECK (audience IN ('companies', 'agents')),
  recipient_count integer NOT NULL DEFAULT 0,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((recipient_id IS NULL) <> (audience IS NULL))
);
CREATE INDEX messages_sender_idx ON messages (sender_id, created_at DESC);

CREATE TABLE message_deliveries (
  message_id uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  recipient_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  read_at timestamptz,
  PRIMARY KEY (message_id, recipient_id)
);
CREATE INDEX message_deliveries_recipient_idx ON message_deliveries (recipient_id);
-- The menu badge asks on every page: counted from the unread rows alone.
CREATE INDEX message_deliveries_unread_idx ON message_deliveries (recipient_id)
  WHERE read_at IS NULL;
