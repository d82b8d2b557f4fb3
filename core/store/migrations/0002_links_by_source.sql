-- Expansion looks links up by their source; the composite primary key does not serve that.
CREATE INDEX links_src ON links (src_id);
