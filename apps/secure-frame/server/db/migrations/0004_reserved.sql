-- Placeholder of branch wt-farcaster: migration versions must be gap-free, and 0004 belongs to another
-- branch. Delete this file when merging that branch; 0005_farcaster.sql comes after it.
SELECT 1;
