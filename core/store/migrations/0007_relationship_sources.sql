-- The turn a relationship was stated in: forgetting that turn takes the relationship too (a
-- forgotten "I live in Berlin" must not stay on as user -> lives_in -> berlin).
ALTER TABLE entity_relationships ADD COLUMN source_turn_id VARCHAR;
