-- A login window cut off from the modal (a provider's Cross-Origin-Opener-Policy) leaves the
-- provider's answer (the callback URL, with its code) on its attempt, sealed under the server's
-- social key; the key frame that started the attempt collects it (docs/social-login.md).
ALTER TABLE key_server.social_attempts ADD COLUMN answer_iv text;
ALTER TABLE key_server.social_attempts ADD COLUMN answer_sealed text;
