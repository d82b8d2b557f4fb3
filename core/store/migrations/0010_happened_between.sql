-- When the telling of a done thing dated it ("last Saturday", "last month", "in March"): the
-- stretch it happened in. A question about that time finds it even when it was told later
-- ("What did I do last month?" asked in November about a concert told in November), and one
-- about the time it was told does not ("this month" is not when the October concert was).
-- NULL for everything else, which is dated by when it was said.
ALTER TABLE memories ADD COLUMN IF NOT EXISTS happened_from TIMESTAMPTZ;
ALTER TABLE memories ADD COLUMN IF NOT EXISTS happened_until TIMESTAMPTZ;
