-- The orphan-file sweep (services/storage/orphans.ts) asks, for each stored file, whether a row
-- names it: one index probe per column instead of a scan of each table.
CREATE INDEX capture_photos_storage_key_idx ON capture_photos (storage_key);
CREATE INDEX capture_uploads_storage_key_idx ON capture_uploads (storage_key);
CREATE INDEX job_attachments_storage_key_idx ON job_attachments (storage_key);
CREATE INDEX agent_applications_photo_key_idx ON agent_applications (photo_key)
  WHERE photo_key IS NOT NULL;
CREATE INDEX accounts_picture_key_idx ON accounts (picture_key) WHERE picture_key IS NOT NULL;
