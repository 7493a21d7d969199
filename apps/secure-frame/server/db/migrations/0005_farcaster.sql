-- Sign In With Farcaster (docs/farcaster.md).

-- A user who signed in with Farcaster has no email address.
ALTER TABLE key_server.users ALTER COLUMN email DROP NOT NULL;

-- Identities that are not an email address: (provider, subject) → one user, so one wallet per
-- identity. Farcaster: provider 'farcaster', subject the fid in decimal; user_name is the username
-- of the latest sign-in, at last_login_at. The social-login migration may have made this table
-- already, on the same key; only the columns Farcaster needs are added then.
CREATE TABLE IF NOT EXISTS key_server.identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES key_server.users (id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  PRIMARY KEY (provider, subject)
);
ALTER TABLE key_server.identities ADD COLUMN IF NOT EXISTS user_name text;
ALTER TABLE key_server.identities ADD COLUMN IF NOT EXISTS last_login_at bigint;
CREATE INDEX IF NOT EXISTS identities_by_user ON key_server.identities (user_id);

-- Relay channels: one sign-in request each, bound to the browser (wf_device) that opened it, single
-- use and short-lived. The token is the phone's bearer token and the key frame's handle; only its
-- hash is kept. completed_at: the phone's signed message was verified (fid, custody, user_name);
-- consumed_at: the key frame took its session.
CREATE TABLE key_server.farcaster_channels (
  token_hash text PRIMARY KEY,
  device_id text NOT NULL,
  project_id text NOT NULL,
  nonce text NOT NULL,
  expires_at bigint NOT NULL,
  created_at bigint NOT NULL,
  completed_at bigint,
  fid bigint,
  custody text,
  user_name text,
  consumed_at bigint
);
CREATE INDEX farcaster_channels_by_expiry ON key_server.farcaster_channels (expires_at);
