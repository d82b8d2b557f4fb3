-- An allergen's key holds it in one form, its last word in the singular
-- (`core.ingest.said_lists.allergen`): "I'm allergic to peanuts" was kept on "allergic to
-- peanuts" and "I have a peanut allergy" on "allergic to peanut", two beliefs of one thing
-- (both in every prompt; "I'm not allergic to peanuts anymore" ended one). Stored keys move to
-- that form, and where two live ones now share a key, the older is the newer's earlier version.
UPDATE memories SET key = CASE
    WHEN regexp_matches(key, 'ies$') THEN regexp_replace(key, 'ies$', 'y')
    WHEN regexp_matches(key, 'oes$') THEN regexp_replace(key, 'oes$', 'o')
    WHEN regexp_matches(key, '(ch|sh|ss|x)es$') THEN regexp_replace(key, '(ch|sh|ss|x)es$', '\1')
    ELSE regexp_replace(key, '([^su])s$', '\1')
END
WHERE key LIKE '%allergic to %';
CREATE TEMP TABLE allergen_twins AS
SELECT id, next_id, next_from FROM (
    SELECT id,
        lead(id) OVER later AS next_id,
        lead(valid_from) OVER later AS next_from
    FROM memories
    WHERE key LIKE '%allergic to %' AND forgotten_at IS NULL AND tier <> 'stub'
        AND valid_to IS NULL
    WINDOW later AS (PARTITION BY key ORDER BY valid_from, created_at, id)
) WHERE next_id IS NOT NULL;
UPDATE memories SET superseded_by = t.next_id, valid_to = t.next_from, updated_at = t.next_from
FROM allergen_twins t WHERE memories.id = t.id;
UPDATE memories SET supersedes = t.id
FROM allergen_twins t WHERE memories.id = t.next_id AND memories.supersedes IS NULL;
DROP TABLE allergen_twins;
