/**
 * Issue 10 point 4: every route of the data API fuzzed through `app.request()` on the real app
 * (PGlite and Postgres, no devnet: no chain is called): generated paths, queries, bodies, content types, headers
 * and methods. Each answer is a success or the catalogue's `{ code, message }` (spec §7), never a
 * 500 or a stack, and a refused request leaves every table as it was.
 */
import {
  AnalyticsConfigQuerySchema,
  AnalyticsEventQuerySchema,
  AnalyticsEventSchema,
  API_ERROR_CODES,
  API_ERRORS,
  API_PATHS,
  ApiClientQuerySchema,
  AssetImageParamsSchema,
  BalanceParamsSchema,
  BalanceQuerySchema,
  Bip122BalanceParamsSchema,
  Bip122BalanceQuerySchema,
  FungiblePriceQuerySchema,
  FungiblePriceRequestSchema,
  GasPriceQuerySchema,
  GetWalletsQuerySchema,
  HistoryParamsSchema,
  HistoryQuerySchema,
  IdentityParamsSchema,
  IdentityQuerySchema,
  JsonRpcRequestSchema,
  ONRAMP_PATHS,
  OnRampOptionsQuerySchema,
  OnRampQuoteQuerySchema,
  OnRampQuoteRequestSchema,
  OnRampUrlQuerySchema,
  OnRampUrlRequestSchema,
  ProfileAccountParamsSchema,
  ProfileAccountQuerySchema,
  ProfileRegisterBodySchema,
  ProfileReverseQuerySchema,
  ProfileSuggestionsParamsSchema,
  ProfileSuggestionsQuerySchema,
  REGISTRY_PATHS,
  RegistryImageQuerySchema,
  RPC_PROXY_PATH,
  RpcProxyQuerySchema,
  SIWX_PATHS,
  SiwxCreateBodySchema,
  SiwxQuerySchema,
  SiwxRevokeBodySchema,
  SiwxSessionParamsSchema,
  SwapAllowanceQuerySchema,
  SwapBuildApproveQuerySchema,
  SwapBuildTransactionQuerySchema,
  SwapBuildTransactionRequestSchema,
  SwapQuoteQuerySchema,
  SwapTokensQuerySchema,
  SymbolImageParamsSchema,
  WalletImageParamsSchema,
} from '@walletframe/protocol'
import { fuzzRuns } from '@walletframe/protocol/fuzz'
import { expectTypedAnswer, type FuzzedRoute, fuzzedRequests, rowCounts } from '@walletframe/testing/fuzz'
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { TEST_BACKENDS, TEST_CLIENT, useTestApi } from '../test-support/api.ts'

const RUNS = fuzzRuns(150)
// A bound for WF_FUZZ_RUNS=10000, not a timing assertion.
vi.setConfig({ testTimeout: 30 * 60_000 })

/** Every table the API writes. */
const TABLES = [
  'analytics_events',
  'analytics_settings',
  'registry_wallets',
  'registry_seeds',
  'indexer_cursors',
  'tokens',
  'transactions',
  'transfers',
  'account_activity',
  'account_tokens',
  'names',
]

const ROUTES: FuzzedRoute[] = [
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: API_PATHS.supportedChains, query: ApiClientQuerySchema },
  { method: 'GET', path: API_PATHS.identity, params: IdentityParamsSchema, query: IdentityQuerySchema },
  { method: 'GET', path: API_PATHS.history, params: HistoryParamsSchema, query: HistoryQuerySchema },
  { method: 'GET', path: API_PATHS.balance, params: BalanceParamsSchema, query: BalanceQuerySchema },
  // The same path with a bip122 chainId: the Bitcoin balance route (bip122/routes.ts).
  {
    method: 'GET',
    path: API_PATHS.balance,
    params: Bip122BalanceParamsSchema,
    query: Bip122BalanceQuerySchema,
  },
  {
    method: 'POST',
    path: API_PATHS.fungiblePrice,
    query: FungiblePriceQuerySchema,
    body: FungiblePriceRequestSchema,
  },
  { method: 'GET', path: ONRAMP_PATHS.options, query: OnRampOptionsQuerySchema },
  { method: 'POST', path: ONRAMP_PATHS.quote, query: OnRampQuoteQuerySchema, body: OnRampQuoteRequestSchema },
  { method: 'POST', path: ONRAMP_PATHS.widgetUrl, query: OnRampUrlQuerySchema, body: OnRampUrlRequestSchema },
  { method: 'GET', path: API_PATHS.gasPrice, query: GasPriceQuerySchema },
  {
    method: 'GET',
    path: API_PATHS.profileAccount,
    params: ProfileAccountParamsSchema,
    query: ProfileAccountQuerySchema,
  },
  {
    method: 'GET',
    path: API_PATHS.profileReverse,
    params: IdentityParamsSchema,
    query: ProfileReverseQuerySchema,
  },
  {
    method: 'GET',
    path: API_PATHS.profileSuggestions,
    params: ProfileSuggestionsParamsSchema,
    query: ProfileSuggestionsQuerySchema,
  },
  {
    method: 'POST',
    path: API_PATHS.profileRegister,
    query: ApiClientQuerySchema,
    body: ProfileRegisterBodySchema,
  },
  { method: 'GET', path: API_PATHS.swapTokens, query: SwapTokensQuerySchema },
  { method: 'GET', path: API_PATHS.swapQuotes, query: SwapQuoteQuerySchema },
  { method: 'GET', path: API_PATHS.swapAllowance, query: SwapAllowanceQuerySchema },
  { method: 'GET', path: API_PATHS.swapBuildApprove, query: SwapBuildApproveQuerySchema },
  {
    method: 'POST',
    path: API_PATHS.swapBuildTransaction,
    query: SwapBuildTransactionQuerySchema,
    body: SwapBuildTransactionRequestSchema,
  },
  { method: 'POST', path: RPC_PROXY_PATH, query: RpcProxyQuerySchema, body: JsonRpcRequestSchema },
  { method: 'POST', path: SIWX_PATHS.nonce, query: SiwxQuerySchema },
  { method: 'POST', path: SIWX_PATHS.create, query: SiwxQuerySchema, body: SiwxCreateBodySchema },
  { method: 'GET', path: SIWX_PATHS.session, params: SiwxSessionParamsSchema, query: SiwxQuerySchema },
  {
    method: 'POST',
    path: SIWX_PATHS.revoke,
    params: SiwxSessionParamsSchema,
    query: SiwxQuerySchema,
    body: SiwxRevokeBodySchema,
  },
  { method: 'GET', path: REGISTRY_PATHS.wallets, query: GetWalletsQuerySchema },
  {
    method: 'GET',
    path: REGISTRY_PATHS.walletImage,
    params: WalletImageParamsSchema,
    query: RegistryImageQuerySchema,
  },
  {
    method: 'GET',
    path: REGISTRY_PATHS.assetImage,
    params: AssetImageParamsSchema,
    query: RegistryImageQuerySchema,
  },
  {
    method: 'GET',
    path: REGISTRY_PATHS.currencyImage,
    params: SymbolImageParamsSchema,
    query: RegistryImageQuerySchema,
  },
  {
    method: 'GET',
    path: REGISTRY_PATHS.tokenImage,
    params: SymbolImageParamsSchema,
    query: RegistryImageQuerySchema,
  },
  { method: 'GET', path: REGISTRY_PATHS.analyticsConfig, query: AnalyticsConfigQuerySchema },
  {
    method: 'POST',
    path: REGISTRY_PATHS.analyticsEvent,
    query: AnalyticsEventQuerySchema,
    body: AnalyticsEventSchema,
  },
]

describe.each(TEST_BACKENDS)('data API routes under fuzzing on $name', (backend) => {
  const suite = useTestApi(backend, { devnet: false })

  it.each(ROUTES)(
    '$method $path answers every generated request with a success or its typed error',
    async (route) => {
      const { app, context } = suite.api
      const origin = context.config.projects[0]?.allowedOrigins[0] ?? ''
      // The catalogue is seeded on first use: done before, so that a later change is the request's.
      await app.request(`${REGISTRY_PATHS.wallets}?${new URLSearchParams(TEST_CLIENT)}`)
      const counts = () => rowCounts((sql) => context.db.query(sql), TABLES)
      // The tables as the served writes left them: a GET never changes them, a refused write neither.
      let known = await counts()
      await fc.assert(
        fc.asyncProperty(
          fuzzedRequests({ ...route, baseQuery: TEST_CLIENT, baseHeaders: { origin } }),
          async (request) => {
            const response = await app.request(request.url, request)
            // Counted before any check: a failing run must leave no stale state to the runs that shrink it.
            const before = known
            if (request.method !== 'GET') known = await counts()
            // No on-ramp provider runs here: a well-formed purchase is answered as an outage.
            const wasRefused = await expectTypedAnswer(response, API_ERROR_CODES, {
              unavailable: [API_ERRORS.onRampUnavailable.code],
            })
            if (wasRefused) expect(known).toEqual(before)
          },
        ),
        { numRuns: RUNS },
      )
      expect(await counts()).toEqual(known)
    },
  )
})
