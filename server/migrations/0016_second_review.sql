-- A wallet funding's reference is the bank reference in one normal form (upper case, letters and
-- digits only: services/ledger.ts bankReferenceKey), so that the unique reference holds however
-- the bank reference was typed. NOT VALID: rows recorded before are kept as they are.
ALTER TABLE ledger_movements ADD CONSTRAINT funding_reference_normal
  CHECK (kind <> 'funding' OR reference ~ '^funding:[A-Z0-9]+$') NOT VALID;

-- The public agent application no longer refuses a second pending application of the same
-- email, phone or NIN (the refusal told anyone whether a NIN was on file and let them block a
-- real applicant): duplicates are stored and shown to the reviewer. One agent per person is
-- held at approval instead, and here: at most one approved application per email, phone and NIN.
DROP INDEX agent_applications_pending_email_key;
DROP INDEX agent_applications_pending_phone_key;
DROP INDEX agent_applications_pending_nin_key;
CREATE INDEX agent_applications_email_idx ON agent_applications (lower(email));
CREATE INDEX agent_applications_phone_idx ON agent_applications (phone);
CREATE INDEX agent_applications_nin_idx ON agent_applications (nin);
CREATE UNIQUE INDEX agent_applications_approved_email_key ON agent_applications (lower(email))
  WHERE status = 'approved';
CREATE UNIQUE INDEX agent_applications_approved_phone_key ON agent_applications (phone)
  WHERE status = 'approved';
CREATE UNIQUE INDEX agent_applications_approved_nin_key ON agent_applications (nin)
  WHERE status = 'approved';
