-- Changes the model proposed that would retire a belief without the rules path agreeing: kept
-- for the user to confirm or reject instead of being applied.
CREATE TABLE pending_changes (
    id          VARCHAR PRIMARY KEY,
    action      VARCHAR NOT NULL CHECK (action IN ('update', 'delete')),
    target_id   VARCHAR NOT NULL,
    kind        VARCHAR NOT NULL,
    content     VARCHAR,
    key         VARCHAR,
    importance  DOUBLE NOT NULL,
    proposed_at TIMESTAMPTZ NOT NULL,
    status      VARCHAR NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'applied', 'rejected'))
);
