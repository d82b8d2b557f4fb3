-- Curation stored whatever number the model wrote as a memory's importance; a 1e999 became
-- infinity, which ranked the memory first in every search. Importance is a share in [0, 1].
UPDATE memories SET importance = CASE
    WHEN isnan(importance) OR isinf(importance) THEN 0.5
    ELSE greatest(0.0, least(1.0, importance))
END
WHERE NOT (importance BETWEEN 0.0 AND 1.0);
