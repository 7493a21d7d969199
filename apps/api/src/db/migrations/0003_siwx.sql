-- Sign-in with a wallet (spec §7 /v1/sessions/*): nonces issued to a project, each used at most once,
-- and the sessions their signed messages opened.

CREATE TABLE siwx_nonces (
  nonce text PRIMARY KEY,
  project_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
-- Expired nonces are deleted as new ones are issued.
CREATE INDEX siwx_nonces_expires_at ON siwx_nonces (expires_at);

CREATE TABLE siwx_sessions (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  project_id text NOT NULL,
  address text NOT NULL,
  chain_id bigint NOT NULL,
  domain text NOT NULL,
  uri text NOT NULL,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  message text NOT NULL,
  signature text NOT NULL,
  -- SHA-256 of the revocation proof handed out once at creation; the proof itself is never stored.
  pci_hash text NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX siwx_sessions_address ON siwx_sessions (project_id, address);
