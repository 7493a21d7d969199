-- The key window's device keys (docs/embedded-wallet.md "Key window"): a P-256 public key per
-- browser profile whose first-party popup keeps the device share. Its signature over a challenge
-- releases the auth share after a reload, as a passkey assertion does.
CREATE TABLE key_server.device_keys (
  credential_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES key_server.users (id) ON DELETE CASCADE,
  public_key_jwk text NOT NULL,
  created_at bigint NOT NULL,
  last_used_at bigint
);
CREATE INDEX device_keys_by_user ON key_server.device_keys (user_id);

ALTER TABLE key_server.webauthn_challenges DROP CONSTRAINT webauthn_challenges_purpose_check;
ALTER TABLE key_server.webauthn_challenges ADD CONSTRAINT webauthn_challenges_purpose_check
  CHECK (purpose IN ('register', 'assert', 'key-window'));
