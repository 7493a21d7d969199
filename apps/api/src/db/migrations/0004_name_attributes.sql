-- Name registration (POST /v1/profile/account, spec §7) stores the attributes the account signed.
ALTER TABLE names ADD COLUMN attributes text NOT NULL DEFAULT '{}';
