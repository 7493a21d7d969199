-- The embedded wallet's Solana account (issue 15) is derived from the wallet's key; its address is
-- remembered so that a locked wallet (after a reload) can still name it. Null for a wallet made
-- before, until its key frame posts it after the next unlock.
ALTER TABLE key_server.wallets ADD COLUMN solana_address text UNIQUE;
