/**
 * The stack `npm run bench` and `npm run bench:peers` time against: the whole local stack on the
 * bench's own ports (each overridable by its usual variable), with the bench pages' sites allowed
 * through WALLETFRAME_DEV_ORIGINS like any extra dev origin.
 */
import { randomBytes } from 'node:crypto'
import { resolveApiConfig } from '@walletframe/api'
import { resolveModalRateLimits } from '@walletframe/modal-host/server'
import { resolveRelayConfig } from '@walletframe/relay'
import { resolveKeyServerConfig } from '@walletframe/secure-frame/server'
import { resolveStackConfig } from '@walletframe/stack'
import { startStack } from './stack.ts'

/** The page of scripts/bench.ts. */
export const BENCH_ORIGIN = 'http://127.0.0.1:35175'
/** The built peer pages of scripts/bench-peers (`WF_BENCH_PEERS_PORT`). */
export const PEERS_ORIGIN = `http://127.0.0.1:${process.env.WF_BENCH_PEERS_PORT ?? '35181'}`

export const stackConfig = resolveStackConfig({
  ...process.env,
  WF_DEVNET_PORT: process.env.WF_DEVNET_PORT ?? '38545',
  WF_SOLANA_PORT: process.env.WF_SOLANA_PORT ?? '38899',
  WF_MODAL_PORT: process.env.WF_MODAL_PORT ?? '35174',
  WF_DAPP_PORT: process.env.WF_DAPP_PORT ?? '35173',
  WALLETFRAME_DEV_ORIGINS: `${BENCH_ORIGIN},${PEERS_ORIGIN}`,
  WF_KEY_PORT: process.env.WF_KEY_PORT ?? '35178',
  WF_SMTP_PORT: process.env.WF_SMTP_PORT ?? '32525',
  WF_INBOX_PORT: process.env.WF_INBOX_PORT ?? '35179',
  WF_OIDC_PORT: process.env.WF_OIDC_PORT ?? '35180',
  WF_ONRAMP_SANDBOX_PORT: process.env.WF_ONRAMP_SANDBOX_PORT ?? '35182',
})

// Every bench browser comes from 127.0.0.1: the per-IP limits are sized for the runs, not a person.
const BENCH_RATE = { WF_API_RATE_LIMIT_PER_IP: '1000000', WF_MODAL_RATE_LIMIT_PER_IP: '1000000' }

export const startBenchStack = () =>
  startStack(stackConfig, {
    relay: resolveRelayConfig({ ...process.env, WF_RELAY_PORT: process.env.WF_RELAY_PORT ?? '35176' }),
    api: (fixtures, solanaFixtures) => ({
      ...resolveApiConfig(
        { ...process.env, ...BENCH_RATE, WF_API_PORT: process.env.WF_API_PORT ?? '35177' },
        { stack: stackConfig, fixtures, solanaFixtures },
      ),
      dataDir: undefined,
    }),
    // A throwaway secret: the key server would otherwise say on stdout, which carries the JSON, that it made one.
    keyServer: resolveKeyServerConfig(
      { WF_KEY_SERVER_SECRET: randomBytes(32).toString('hex'), ...process.env },
      { stack: stackConfig },
    ),
    modalRateLimits: resolveModalRateLimits({ ...process.env, ...BENCH_RATE }),
  })
