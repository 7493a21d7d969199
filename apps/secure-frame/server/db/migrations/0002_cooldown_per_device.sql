-- Spec §5's cooldown is the browser's ("last email login time" is stored locally): one per address
-- and device, so a second device may log in at once. Mail floods stay bounded by the per-address
-- rate limit.
ALTER TABLE key_server.email_cooldowns ADD COLUMN device_id text NOT NULL DEFAULT '';
ALTER TABLE key_server.email_cooldowns DROP CONSTRAINT email_cooldowns_pkey;
ALTER TABLE key_server.email_cooldowns ADD PRIMARY KEY (email, device_id);
