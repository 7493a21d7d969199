-- The wallet registry (GET /getWallets and the wallet images) and the analytics events (POST /e).
-- The catalogue rows are not inserted here: apps/api/src/registry/seed.ts generates them in code
-- (deterministic, ≥ 300 fictional wallets) and inserts them once per seed version on first use.

-- One row per wallet. rank orders the catalogue (certified first, then rank, then id) so every
-- page of /getWallets is stable; chains are CAIP-2 ids.
CREATE TABLE registry_wallets (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{64}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  image_id text NOT NULL UNIQUE,
  rdns text,
  chains text[] NOT NULL,
  mobile_link text,
  desktop_link text,
  webapp_link text,
  badge_type text NOT NULL DEFAULT 'none' CHECK (badge_type IN ('none', 'certified')),
  rank integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Which generated seed versions were applied, so a wallet an operator deleted is not re-added on
-- the next start, while a newer seed (more wallets) still is.
CREATE TABLE registry_seeds (
  version integer PRIMARY KEY,
  wallets integer NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);

-- GET /getAnalyticsConfig: projects without a row have analytics on.
CREATE TABLE analytics_settings (
  project_id text PRIMARY KEY,
  is_enabled boolean NOT NULL
);

-- POST /e. (project_id, event_id) is the key so a retried send is stored once.
CREATE TABLE analytics_events (
  project_id text NOT NULL,
  event_id uuid NOT NULL,
  url text NOT NULL,
  domain text NOT NULL,
  client_timestamp bigint NOT NULL,
  props jsonb NOT NULL,
  sdk_type text NOT NULL,
  sdk_version text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, event_id)
);
CREATE INDEX analytics_events_received ON analytics_events (received_at);
