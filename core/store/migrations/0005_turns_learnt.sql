-- A chat message is stored as it arrives, before the reply is written and before what it says
-- (facts, to-dos) is learnt. `learnt` is false until that learning is written, so a crash in
-- between is caught up on by the `sessions` job instead of losing what the message taught.
ALTER TABLE turns ADD COLUMN learnt BOOLEAN DEFAULT true;
