-- A wallet funding's reference is the bank reference in one normal form (upper case, letters and
-- digits only: services/ledger.ts bankReferenceKey), so that the unique reference holds however
-- the bank reference was typed. NOT VALID: rows recorded before are kept as they are.
ALTER TABLE ledger_movements ADD CONSTRAINT funding_reference_normal
  CHECK (kind <> 'funding' OR reference ~ '^funding:[A-Z0-9]+$') NOT VALID;
