-- The data API's first schema. Addresses and hashes are stored lower-case hex.

-- Where the indexer stands on each chain. Written in the same transaction as the rows of the
-- batch it covers, so a restart resumes at last_block + 1 with no gap and no duplicate.
-- genesis_hash tells a restarted devnet (new genesis, same chain id) from the chain indexed before.
CREATE TABLE indexer_cursors (
  chain_id bigint PRIMARY KEY,
  genesis_hash text NOT NULL,
  last_block bigint NOT NULL,
  last_block_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Token contracts seen by the indexer, with the metadata they reported (null when they did not).
CREATE TABLE tokens (
  chain_id bigint NOT NULL,
  address text NOT NULL,
  standard text NOT NULL CHECK (standard IN ('erc20', 'erc721')),
  name text,
  symbol text,
  decimals integer,
  PRIMARY KEY (chain_id, address)
);

-- Transactions that moved value (native value, or ERC-20 / ERC-721 Transfer logs).
CREATE TABLE transactions (
  chain_id bigint NOT NULL,
  tx_hash text NOT NULL,
  block_number bigint NOT NULL,
  tx_index integer NOT NULL,
  mined_at bigint NOT NULL,
  from_address text NOT NULL,
  to_address text,
  nonce bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('confirmed', 'failed')),
  PRIMARY KEY (chain_id, tx_hash)
);
CREATE INDEX transactions_by_block ON transactions (chain_id, block_number);

-- One row per movement. log_index -1 is the transaction's own native value.
CREATE TABLE transfers (
  chain_id bigint NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  block_number bigint NOT NULL,
  standard text NOT NULL CHECK (standard IN ('native', 'erc20', 'erc721')),
  token text,
  from_address text NOT NULL,
  to_address text NOT NULL,
  amount numeric(78, 0) NOT NULL,
  token_id numeric(78, 0),
  token_uri text,
  CONSTRAINT transfers_once UNIQUE (chain_id, tx_hash, log_index)
);
CREATE INDEX transfers_by_block ON transfers (chain_id, block_number);

-- The history index: one row per (account, transaction) the account took part in, in page order.
CREATE TABLE account_activity (
  account text NOT NULL,
  chain_id bigint NOT NULL,
  block_number bigint NOT NULL,
  tx_index integer NOT NULL,
  mined_at bigint NOT NULL,
  tx_hash text NOT NULL,
  PRIMARY KEY (account, chain_id, block_number, tx_index)
);
CREATE INDEX account_activity_newest
  ON account_activity (account, mined_at DESC, chain_id DESC, block_number DESC, tx_index DESC);
CREATE INDEX account_activity_by_block ON account_activity (chain_id, block_number);

-- ERC-20 contracts each account has received or sent: the balance route reads their balances.
CREATE TABLE account_tokens (
  account text NOT NULL,
  chain_id bigint NOT NULL,
  token text NOT NULL,
  first_block bigint NOT NULL,
  PRIMARY KEY (account, chain_id, token)
);
CREATE INDEX account_tokens_by_block ON account_tokens (chain_id, first_block);

-- Names for addresses, read by GET /v1/identity; the name-registration feature fills it.
CREATE TABLE names (
  name text PRIMARY KEY,
  address text NOT NULL,
  avatar text,
  registered_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX names_by_address ON names (address, registered_at DESC);
