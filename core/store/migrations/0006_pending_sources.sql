-- The turns a proposed change was made from: a forget of those turns takes the proposal with
-- them (it holds their words), and an applied one keeps them as the new version's provenance.
ALTER TABLE pending_changes ADD COLUMN source_turn_ids VARCHAR[] DEFAULT [];
