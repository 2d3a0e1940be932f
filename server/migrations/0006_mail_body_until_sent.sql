-- Mail bodies carry live one-time links (confirmation, reset, capture): the outbox keeps a body
-- only until the mail is delivered, then clears it (recipient, subject, status and times stay).
ALTER TABLE mail_outbox ALTER COLUMN text_body DROP NOT NULL;
UPDATE mail_outbox SET text_body = NULL
 WHERE sent_at IS NOT NULL OR created_at < now() - interval '1 day';
