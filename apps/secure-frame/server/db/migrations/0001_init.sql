-- The key server's tables (docs/embedded-wallet.md), all in the key_server schema. Times are epoch
-- milliseconds. Secrets are never stored in clear: codes and tokens as HMAC/SHA-256 hashes, the auth
-- share as AES-256-GCM ciphertext under the server secret, the device and recovery shares as the
-- key frame's own ciphertexts, which the server cannot open.

CREATE TABLE key_server.users (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  created_at bigint NOT NULL
);

-- Browsers (the wf_device cookie) that completed an email code for the user: known devices get a
-- code at once, unknown ones a confirmation link first.
CREATE TABLE key_server.devices (
  user_id text NOT NULL REFERENCES key_server.users (id) ON DELETE CASCADE,
  device_id text NOT NULL,
  bound_at bigint NOT NULL,
  PRIMARY KEY (user_id, device_id)
);

-- Spec §5: the last email login per address, for the 30 s cooldown.
CREATE TABLE key_server.email_cooldowns (
  email text PRIMARY KEY,
  last_at bigint NOT NULL
);

-- One pending code per step and subject (a login: the device id; an email update: the user id).
-- Issuing a new code replaces the old one.
CREATE TABLE key_server.otp_codes (
  purpose text NOT NULL CHECK (purpose IN ('login', 'email_primary', 'email_secondary')),
  subject text NOT NULL,
  email text NOT NULL,
  project_id text,
  new_email text,
  code_hash text NOT NULL,
  wrong_tries integer NOT NULL DEFAULT 0,
  expires_at bigint NOT NULL,
  consumed_at bigint,
  created_at bigint NOT NULL,
  PRIMARY KEY (purpose, subject)
);

-- Links mailed to a known user logging in on an unknown device.
CREATE TABLE key_server.device_confirmations (
  token_hash text PRIMARY KEY,
  device_id text NOT NULL,
  email text NOT NULL,
  project_id text NOT NULL,
  expires_at bigint NOT NULL,
  confirmed_at bigint,
  consumed_at bigint,
  created_at bigint NOT NULL
);
CREATE INDEX device_confirmations_by_device ON key_server.device_confirmations (device_id, created_at DESC);

CREATE TABLE key_server.sessions (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES key_server.users (id) ON DELETE CASCADE,
  device_id text NOT NULL,
  project_id text,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  fresh_until bigint NOT NULL
);
CREATE INDEX sessions_by_user ON key_server.sessions (user_id);

CREATE TABLE key_server.wallets (
  user_id text PRIMARY KEY REFERENCES key_server.users (id) ON DELETE CASCADE,
  address text NOT NULL UNIQUE,
  auth_share_iv text NOT NULL,
  auth_share_sealed text NOT NULL,
  recovery_ciphertext text NOT NULL,
  recovery_iv text NOT NULL,
  recovery_salt text NOT NULL,
  created_at bigint NOT NULL
);

CREATE TABLE key_server.passkeys (
  credential_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES key_server.users (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  counter bigint NOT NULL,
  transports text NOT NULL,
  device_share_ciphertext text NOT NULL,
  device_share_iv text NOT NULL,
  device_share_salt text NOT NULL,
  created_at bigint NOT NULL,
  last_used_at bigint
);
CREATE INDEX passkeys_by_user ON key_server.passkeys (user_id);

-- WebAuthn challenges: single use (deleted when answered) and short-lived.
CREATE TABLE key_server.webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'assert')),
  user_id text,
  expires_at bigint NOT NULL
);
