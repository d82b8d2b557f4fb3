-- A to-do's priority comes from how surely it was heard, and a later mention raises it; once the
-- user has set it by hand, their choice stays through later mentions.
ALTER TABLE tasks ADD COLUMN priority_chosen BOOLEAN DEFAULT false;
