import { type DevnetFixtures, type LocalSolanaFixtures, resolveApiConfig } from '@walletframe/api'
import { devnetAccounts } from '@walletframe/devnet'
import { resolveModalRateLimits } from '@walletframe/modal-host/server'
import { resolveRelayConfig } from '@walletframe/relay'
import { resolveKeyServerConfig } from '@walletframe/secure-frame/server'
import { resolveStackConfig } from '@walletframe/stack'

/**
 * The e2e stack listens on its own ports, so `npm start` can keep running beside the tests;
 * WF_E2E_PORT_OFFSET moves them all, so that two checkouts can run their suites side by side.
 */
const offset = Number(process.env.WF_E2E_PORT_OFFSET ?? 0)
const port = (base: number) => String(base + offset)
export const TEST_ENV = {
  WF_DEVNET_PORT: port(18545),
  WF_SOLANA_PORT: port(18899),
  WF_MODAL_PORT: port(15174),
  WF_DAPP_PORT: port(15173),
  WF_RELAY_PORT: port(15176),
  WF_API_PORT: port(15177),
  WF_KEY_PORT: port(15178),
  WF_SMTP_PORT: port(12525),
  WF_INBOX_PORT: port(15179),
  WF_OIDC_PORT: port(15180),
  WF_ONRAMP_SANDBOX_PORT: port(15181),
  WF_BUNDLER_PORT: port(14337),
  WF_PAYMASTER_PORT: port(14338),
} as const

export const testStack = () => resolveStackConfig({ ...process.env, ...TEST_ENV })
export const testRelay = () => resolveRelayConfig({ ...process.env, ...TEST_ENV })
/**
 * Every test browser comes from 127.0.0.1 and uses the dev project, so the request limits per IP
 * and per project are sized for a whole suite rather than one person (the limits themselves are
 * tested in the services' rate-limit tests and apps/api/src/abuse.test.ts); so is the analytics
 * budget, since every spec's modal sends tracking events (docs/analytics.md). The forceUpdate
 * interval stays as deployed.
 */
const SUITE_RATE = {
  WF_API_RATE_LIMIT_PER_IP: '1000000',
  WF_API_RATE_LIMIT_PER_PROJECT: '1000000',
  WF_API_EVENTS_PER_IP: '1000000',
}

/** A name of the test stack's names table (WF_API_NAMES): devnet account #7, which no test signs with. */
export const NAMED_ACCOUNT = { name: 'bob.wf', address: devnetAccounts()[7]!.address } as const

/**
 * The API of the test stack: in memory (the devnet is new on every run), indexing every 200 ms.
 * Swaps are served on the first chain only, so the second shows 'Network not supported for Swaps'.
 */
export const testApi = (fixtures: DevnetFixtures, solanaFixtures: LocalSolanaFixtures) => ({
  ...resolveApiConfig(
    {
      ...process.env,
      ...TEST_ENV,
      ...SUITE_RATE,
      WF_API_INDEXER_POLL_MS: '200',
      WF_API_NAMES: `${NAMED_ACCOUNT.name}=${NAMED_ACCOUNT.address}`,
      WF_API_SWAP_CHAINS: String(testStack().devnet.chains[0]!.chainId),
    },
    { stack: testStack(), fixtures, solanaFixtures },
  ),
  dataDir: undefined,
})

/** The modal server's limit of the test stack, sized for the suite like the API's. */
export const testModalRateLimits = () =>
  resolveModalRateLimits({ ...process.env, WF_MODAL_RATE_LIMIT_PER_IP: '1000000' })

/**
 * The key server of the test stack, with its mail catcher (the tests read codes from its inbox).
 * Every test browser comes from 127.0.0.1, so the per-IP bucket is sized for a whole suite of
 * logins rather than one person's (the limit itself is tested in server/middleware/rate-limit.test.ts);
 * the per-email limit stays as deployed.
 */
export const testKeyServer = () => {
  const config = resolveKeyServerConfig({ ...process.env, ...TEST_ENV }, { stack: testStack() })
  return {
    ...config,
    rateLimits: { ...config.rateLimits, perIp: { capacity: 2_000, refillPerMinute: 2_000 } },
  }
}

/** A third site that is not allowed to embed the dev project (its pages are served by page.route). */
export const FOREIGN_ORIGIN = `http://127.0.0.3:${port(15175)}`
