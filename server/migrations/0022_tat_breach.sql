-- A job past its due time without a submission is a TAT breach: the queue's detector writes an
-- 'overdue' event in its history (status unchanged) and tells the assignee and the owner, once
-- per deadline: `overdue_notified_at` is set then, and cleared by the next assignment.
ALTER TABLE job_events ADD COLUMN kind text NOT NULL DEFAULT 'move' CHECK (kind IN ('move', 'overdue'));
ALTER TABLE jobs ADD COLUMN overdue_notified_at timestamptz;
CREATE INDEX jobs_overdue_untold_idx ON jobs (due_at, id)
  WHERE status IN ('assigned', 'accepted') AND overdue_notified_at IS NULL;
