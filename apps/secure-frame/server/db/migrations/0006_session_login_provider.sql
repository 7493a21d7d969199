-- The identity a session was signed in with (social login, Farcaster); null for an email code or a
-- passkey. A user may have an email and linked identities: after a reload, the session says which
-- one this browser used (spec §3 socialProvider, user name).
ALTER TABLE key_server.sessions ADD COLUMN login_provider text;
