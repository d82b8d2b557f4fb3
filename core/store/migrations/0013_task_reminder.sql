-- When a to-do reminds, where the user asked for a reminder before its deadline ("I have to pay
-- rent by Friday. Remind me on Thursday."): the deadline stays in due_at.
ALTER TABLE tasks ADD COLUMN IF NOT EXISTS remind_at TIMESTAMPTZ;
