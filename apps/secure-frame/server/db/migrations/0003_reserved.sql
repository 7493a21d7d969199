-- Placeholder of branch wt-oauth: migration versions must be gap-free, and 0003 belongs to another
-- branch. Delete this file when merging that branch; 0004_social_identities.sql comes after the real 0003.
SELECT 1;
