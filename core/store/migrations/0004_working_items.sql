-- The working set of each open conversation (seed 004), saved with every exchange so that a
-- crash does not lose what was in play: the `working` job settles it (promote or expire) once
-- the conversation is over. Items copy text from memories and to-dos; a forget removes them.
CREATE TABLE working_items (
    session_id   VARCHAR NOT NULL,
    key          VARCHAR NOT NULL,
    text         VARCHAR NOT NULL,
    tokens       INTEGER NOT NULL,
    importance   DOUBLE NOT NULL,
    added_at     TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    from_recall  BOOLEAN NOT NULL,
    uses         INTEGER NOT NULL,
    PRIMARY KEY (session_id, key)
);
