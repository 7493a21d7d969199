-- Social login over OAuth 2 / OpenID Connect (docs/social-login.md).

-- Identities that are not an email address: (provider, subject) → one user, so one wallet per
-- identity. Social logins keep the provider's verified email of the identity and its user name
-- (GitHub login, X handle, …) as of the latest sign-in. Sign In With Farcaster shares this table.
CREATE TABLE key_server.identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES key_server.users (id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  user_name text,
  email text,
  last_login_at bigint,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX identities_by_user ON key_server.identities (user_id);

-- A login started by a key frame: single use, short-lived, bound to the browser (wf_device) and
-- project that started it. The state is kept as its SHA-256, the PKCE verifier sealed under the
-- server secret (AES-256-GCM, AAD = the state's hash); the nonce (OpenID providers) is no secret.
CREATE TABLE key_server.social_attempts (
  state_hash text PRIMARY KEY,
  provider text NOT NULL,
  device_id text NOT NULL,
  project_id text NOT NULL,
  modal_origin text NOT NULL,
  verifier_iv text NOT NULL,
  verifier_sealed text NOT NULL,
  nonce text,
  expires_at bigint NOT NULL,
  consumed_at bigint,
  created_at bigint NOT NULL
);
CREATE INDEX social_attempts_by_expiry ON key_server.social_attempts (expires_at);

-- A new identity whose verified email belongs to an existing account waits here, one per browser,
-- until the email code mailed to that address links it (POST /v1/auth/social/otp).
CREATE TABLE key_server.social_links (
  device_id text PRIMARY KEY,
  provider text NOT NULL,
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES key_server.users (id) ON DELETE CASCADE,
  email text NOT NULL,
  user_name text NOT NULL,
  project_id text NOT NULL,
  expires_at bigint NOT NULL,
  created_at bigint NOT NULL
);
