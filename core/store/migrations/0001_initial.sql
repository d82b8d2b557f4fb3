-- Engram's first schema. {embedding_dim} is filled in from the embedder recorded in `meta`.

CREATE TABLE meta (
    key   VARCHAR PRIMARY KEY,
    value VARCHAR NOT NULL
);

CREATE TABLE sessions (
    id         VARCHAR PRIMARY KEY,
    started_at TIMESTAMPTZ NOT NULL,
    ended_at   TIMESTAMPTZ,
    project    VARCHAR,
    title      VARCHAR
);

CREATE TABLE turns (
    id          VARCHAR PRIMARY KEY,
    session_id  VARCHAR NOT NULL,
    seq         INTEGER NOT NULL,
    role        VARCHAR NOT NULL CHECK (role IN ('user', 'assistant')),
    speaker     VARCHAR,
    text        VARCHAR NOT NULL,
    spoken_at   TIMESTAMPTZ NOT NULL,
    interrupted BOOLEAN NOT NULL DEFAULT false
);
CREATE INDEX turns_session ON turns (session_id, seq);

CREATE SEQUENCE memory_seq START 1;

CREATE TABLE memories (
    id               VARCHAR PRIMARY KEY,
    seq              BIGINT NOT NULL DEFAULT nextval('memory_seq'),
    kind             VARCHAR NOT NULL
        CHECK (kind IN ('working', 'episodic', 'semantic', 'procedural', 'document', 'core')),
    content          VARCHAR,
    summary          VARCHAR,
    embedding        FLOAT[{embedding_dim}],
    tier             VARCHAR NOT NULL DEFAULT 'hot' CHECK (tier IN ('hot', 'cold', 'stub')),
    decay_class      VARCHAR NOT NULL CHECK (decay_class IN ('none', 'slow', 'medium', 'fast')),
    importance       DOUBLE NOT NULL DEFAULT 0.5,
    stability        DOUBLE NOT NULL DEFAULT 1.0,
    access_count     INTEGER NOT NULL DEFAULT 0,
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL,
    last_accessed_at TIMESTAMPTZ NOT NULL,
    expires_at       TIMESTAMPTZ,
    valid_from       TIMESTAMPTZ NOT NULL,
    valid_to         TIMESTAMPTZ,
    project          VARCHAR,
    session_id       VARCHAR,
    entities         VARCHAR[] NOT NULL DEFAULT [],
    key              VARCHAR,
    supersedes       VARCHAR,
    superseded_by    VARCHAR,
    confidence       DOUBLE NOT NULL DEFAULT 1.0,
    source_path      VARCHAR,
    chunk_index      INTEGER,
    content_hash     VARCHAR,
    forgotten_at     TIMESTAMPTZ,
    forget_reason    VARCHAR,
    pos_x            FLOAT,
    pos_y            FLOAT,
    pos_z            FLOAT
);

-- Provenance: the turns (or document chunk) a memory was made from.
CREATE TABLE memory_sources (
    memory_id   VARCHAR NOT NULL,
    turn_id     VARCHAR,
    source_path VARCHAR,
    chunk_index INTEGER
);
CREATE INDEX memory_sources_memory ON memory_sources (memory_id);
CREATE INDEX memory_sources_turn ON memory_sources (turn_id);

CREATE TABLE links (
    src_id     VARCHAR NOT NULL,
    dst_id     VARCHAR NOT NULL,
    kind       VARCHAR NOT NULL,
    weight     DOUBLE NOT NULL DEFAULT 1.0,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (src_id, dst_id, kind)
);

CREATE TABLE entities (
    id         VARCHAR PRIMARY KEY,
    name       VARCHAR NOT NULL,
    type       VARCHAR NOT NULL,
    first_seen TIMESTAMPTZ NOT NULL,
    last_seen  TIMESTAMPTZ NOT NULL
);

CREATE TABLE memory_entities (
    memory_id VARCHAR NOT NULL,
    entity_id VARCHAR NOT NULL,
    PRIMARY KEY (memory_id, entity_id)
);

CREATE TABLE entity_relationships (
    source_id VARCHAR NOT NULL,
    target_id VARCHAR NOT NULL,
    relation  VARCHAR NOT NULL,
    since     TIMESTAMPTZ NOT NULL,
    until     TIMESTAMPTZ
);

CREATE TABLE tasks (
    id             VARCHAR PRIMARY KEY,
    title          VARCHAR NOT NULL,
    status         VARCHAR NOT NULL DEFAULT 'candidate'
        CHECK (status IN ('candidate', 'confirmed', 'done', 'dismissed', 'expired')),
    confidence     DOUBLE NOT NULL,
    priority       VARCHAR NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high')),
    due_at         TIMESTAMPTZ,
    source_turn_id VARCHAR,
    memory_id      VARCHAR,
    mentions       INTEGER NOT NULL DEFAULT 1,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);

CREATE TABLE documents (
    path         VARCHAR PRIMARY KEY,
    content_hash VARCHAR NOT NULL,
    ingested_at  TIMESTAMPTZ NOT NULL
);
