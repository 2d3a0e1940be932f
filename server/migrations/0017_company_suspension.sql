-- A company the provider suspends: none of its accounts may sign in or keep a session while it is
-- set (every session check reads it). Null: active. Its jobs, wallet and capture links are kept.
ALTER TABLE companies ADD COLUMN suspended_at timestamptz;
