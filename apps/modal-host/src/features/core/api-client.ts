/**
 * The modal's client of the data API and the wallet registry (spec §7). Every call carries
 * projectId, st and sv; answers are validated with the protocol's shapes; every failure (network,
 * timeout, non-2xx, unexpected body) is a WalletFrameError.
 */
import {
  AnalyticsConfigResponseSchema,
  type AnalyticsEvent,
  API_ERRORS,
  API_PATHS,
  BalanceResponseSchema,
  EVM_COIN_TYPE,
  fromApiErrorBody,
  GasPriceResponseSchema,
  type GetWalletsResponse,
  GetWalletsResponseSchema,
  type HistoryResponse,
  HistoryResponseSchema,
  type IdentityResponse,
  IdentityResponseSchema,
  MODAL_ERRORS,
  ProfileAccountResponseSchema,
  REGISTRY_PATHS,
  RPC_PROXY_PATH,
  type SupportedChainsResponse,
  SupportedChainsResponseSchema,
  type SwapAllowanceResponse,
  SwapAllowanceResponseSchema,
  type SwapBuildTransactionRequest,
  type SwapQuote,
  SwapQuotesResponseSchema,
  type SwapToken,
  SwapTokensResponseSchema,
  type SwapTransaction,
  SwapTransactionResponseSchema,
  SYMBOL_IMAGE_ID_PATTERN,
  TIME,
  type TokenBalance,
  WALLET_ID_PATTERN,
  WalletFrameError,
} from '@walletframe/protocol'

/** The sdk type (`st`) the modal reports. */
export const SDK_TYPE = 'walletframe'

export interface ApiClientOptions {
  baseUrl: string
  projectId: string
  sdkVersion: string
  /** spec §7 "Wallet-service API": the modal's id on this browser, appended to every registry call. */
  clientId?: string
  fetch?: typeof fetch
  timeoutMs?: number
}

export interface WalletsQuery {
  page: number
  entries: number
  search?: string
  include?: readonly string[]
  exclude?: readonly string[]
  chains?: readonly string[]
}

interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false }
}

type Query = Record<string, string | undefined>

const SDK_LABEL = /^[\w.+@/-]{1,64}$/

/** Registry ids only: the integrator's lists may also hold rdns or names (spec §5), which the API refuses. */
export const registryIds = (ids: readonly string[] | undefined): string[] =>
  (ids ?? []).filter((id) => WALLET_ID_PATTERN.test(id))

export function createApiClient(options: ApiClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '')
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  const timeoutMs = options.timeoutMs ?? TIME.httpTimeoutMs
  const client = {
    projectId: options.projectId,
    st: SDK_TYPE,
    sv: SDK_LABEL.test(options.sdkVersion) ? options.sdkVersion : 'unknown',
  }

  const url = (path: string, query: Query = {}) => {
    const params = new URLSearchParams(client)
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value)
    return `${base}${path}?${params}`
  }
  /** A wallet-service path (spec §7): the same parameters, and the clientId. */
  const serviceQuery = (query: Query = {}): Query => ({ ...query, clientId: options.clientId })
  const imageUrl = (path: string, id: string) =>
    url(path.replace(':id', encodeURIComponent(id)), serviceQuery())
  /** The first good answer is kept: the networks an API serves change only with its deployment. */
  let served: Promise<SupportedChainsResponse> | undefined

  const failed = (details: string, cause?: unknown) =>
    new WalletFrameError(MODAL_ERRORS.httpFailed, { details, cause })

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    query: Query,
    schema: Parser<T>,
    json?: unknown,
  ): Promise<T> {
    const what = `${method} ${path}`
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    let response: Response
    try {
      response = await doFetch(url(path, query), {
        method,
        signal: controller.signal,
        headers: {
          Accept: 'application/json',
          ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      })
    } catch (error) {
      if (controller.signal.aborted)
        throw new WalletFrameError(MODAL_ERRORS.httpTimeout, { details: what, cause: error })
      throw failed(`${what}: ${(error as Error).message}`, error)
    } finally {
      clearTimeout(timer)
    }
    let body: unknown
    try {
      body = await response.json()
    } catch (error) {
      throw failed(`${what}: ${response.status} without a JSON body`, error)
    }
    if (!response.ok) throw fromApiErrorBody(response.status, body, what)
    const parsed = schema.safeParse(body)
    if (!parsed.success) throw failed(`${what}: unexpected answer`)
    return parsed.data
  }
  const get = <T>(path: string, query: Query, schema: Parser<T>) => call('GET', path, query, schema)

  const withAddress = (path: string, name: string, address: string) =>
    path.replace(`:${name}`, encodeURIComponent(address))

  return {
    /** A GET of another route, its answer checked with `schema`. */
    get,
    /** A POST of `json` to a route, its answer checked with `schema`. */
    post: <T>(path: string, json: unknown, schema: Parser<T>) => call('POST', path, {}, schema, json),
    /**
     * `GET /v1/supported-chains` (spec §7): the networks the API serves, over HTTP and WebSocket.
     * Asked once; a failure is not kept, so the next caller asks again.
     */
    supportedChains(): Promise<SupportedChainsResponse> {
      served ??= get(API_PATHS.supportedChains, {}, SupportedChainsResponseSchema)
      served.catch(() => {
        served = undefined
      })
      return served
    },
    /** `GET /getAnalyticsConfig` (spec §7): whether the project takes analytics events. */
    async analyticsEnabled(): Promise<boolean> {
      return (await get(REGISTRY_PATHS.analyticsConfig, {}, AnalyticsConfigResponseSchema)).isAnalyticsEnabled
    },
    /**
     * `POST /e` (spec §7), answered 204; resolves with the status. `keepalive` lets a send begun at
     * pagehide outlive the modal's page. sendBeacon cannot serve: it posts without a CORS preflight,
     * so only as text/plain, which the API refuses from a cross-site frame like this one (issue 10 §1).
     */
    async sendEvent(event: AnalyticsEvent): Promise<number> {
      const response = await doFetch(url(REGISTRY_PATHS.analyticsEvent), {
        method: 'POST',
        keepalive: true,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(event),
      })
      return response.status
    },
    /** The API's JSON-RPC endpoint for one network (spec §7 "JSON-RPC over HTTP"). */
    rpcUrl(caipNetworkId: string): string {
      return url(RPC_PROXY_PATH, { chainId: caipNetworkId })
    },
    /**
     * `forceUpdate` asks the API to read the chain again: `true`, or the CAIP-10 address of a token
     * just bought, which the answer then includes (issue 11 point 6). The API allows that once per
     * interval per address (issue 10 §1) and refuses more with 429; the user then gets the cached
     * answer, which is at most that interval older, rather than an error.
     */
    async balance(
      address: string,
      /** An EVM chain id, or the CAIP-2 id of a network of another namespace (issue 15). */
      chainId: number | string,
      forceUpdate: boolean | string = false,
    ): Promise<TokenBalance[]> {
      const read = (force: boolean | string) =>
        get(
          withAddress(API_PATHS.balance, 'address', address),
          {
            currency: 'usd',
            chainId: typeof chainId === 'number' ? `eip155:${chainId}` : chainId,
            ...(force === false ? {} : { forceUpdate: String(force) }),
          },
          BalanceResponseSchema,
        )
      try {
        return (await read(forceUpdate)).balances
      } catch (error) {
        if (!forceUpdate || (error as WalletFrameError).reason !== API_ERRORS.rateLimited.reason) throw error
        return (await read(false)).balances
      }
    },
    history(
      address: string,
      query: { chainId: number; cursor?: string | undefined },
    ): Promise<HistoryResponse> {
      return get(
        withAddress(API_PATHS.history, 'account', address),
        { chainId: `eip155:${query.chainId}`, cursor: query.cursor },
        HistoryResponseSchema,
      )
    },
    identity(address: string, sender?: string): Promise<IdentityResponse> {
      return get(withAddress(API_PATHS.identity, 'address', address), { sender }, IdentityResponseSchema)
    },
    /** The gas price of the chain's standard speed, in wei (spec §7 gas-price). */
    async gasPrice(chainId: number): Promise<bigint> {
      const price = await get(API_PATHS.gasPrice, { chainId: `eip155:${chainId}` }, GasPriceResponseSchema)
      return BigInt(price.standard)
    },
    /** The EVM address a name of the names table belongs to (spec §7 profile account). */
    async nameAddress(name: string): Promise<string | undefined> {
      const profile = await get(
        withAddress(API_PATHS.profileAccount, 'name', name),
        {},
        ProfileAccountResponseSchema,
      )
      return profile.addresses[EVM_COIN_TYPE]?.address
    },
    wallets(query: WalletsQuery): Promise<GetWalletsResponse> {
      const list = (ids: readonly string[] | undefined) => (ids?.length ? ids.join(',') : undefined)
      return get(
        REGISTRY_PATHS.wallets,
        serviceQuery({
          page: String(query.page),
          entries: String(query.entries),
          search: query.search || undefined,
          include: list(registryIds(query.include)),
          exclude: list(registryIds(query.exclude)),
          chains: list(query.chains),
        }),
        GetWalletsResponseSchema,
      )
    },
    /** Spec §7 `/v1/convert/*`: the chain's swappable tokens (CAIP-10 addresses). */
    async swapTokens(chainId: number): Promise<SwapToken[]> {
      return (await get(API_PATHS.swapTokens, { chainId: `eip155:${chainId}` }, SwapTokensResponseSchema))
        .tokens
    },
    /** `amount` of `from` in base units; the answer's `toAmount` is in `to`'s. */
    async swapQuote(query: {
      amount: bigint
      userAddress: string
      from: string
      to: string
    }): Promise<SwapQuote> {
      const { quotes } = await get(
        API_PATHS.swapQuotes,
        { ...query, amount: query.amount.toString() },
        SwapQuotesResponseSchema,
      )
      const quote = quotes[0]
      if (!quote) throw failed(`GET ${API_PATHS.swapQuotes}: no quote`)
      return quote
    },
    async swapAllowance(tokenAddress: string, userAddress: string): Promise<bigint> {
      const answer: SwapAllowanceResponse = await get(
        API_PATHS.swapAllowance,
        { tokenAddress, userAddress },
        SwapAllowanceResponseSchema,
      )
      return BigInt(answer.allowance)
    },
    async swapBuildApprove(query: {
      userAddress: string
      from: string
      to: string
      amount: bigint
    }): Promise<SwapTransaction> {
      return (
        await get(
          API_PATHS.swapBuildApprove,
          { ...query, amount: query.amount.toString() },
          SwapTransactionResponseSchema,
        )
      ).tx
    },
    async swapBuildTransaction(
      request: Omit<SwapBuildTransactionRequest, 'projectId' | 'userAddress' | 'eip155'> & {
        userAddress: string
        eip155: { slippage: string }
      },
    ): Promise<SwapTransaction> {
      const body = { ...request, projectId: client.projectId }
      return (await call('POST', API_PATHS.swapBuildTransaction, {}, SwapTransactionResponseSchema, body)).tx
    },
    /** An `<img>` source for a registry wallet's image. */
    walletImageUrl: (imageId: string): string => imageUrl(REGISTRY_PATHS.walletImage, imageId),
    /**
     * An `<img>` source for a token's image by symbol (spec §7 `/public/getTokenImage/{id}`); none
     * for a symbol the route would refuse.
     */
    tokenImageUrl: (symbol: string): string | undefined =>
      SYMBOL_IMAGE_ID_PATTERN.test(symbol) ? imageUrl(REGISTRY_PATHS.tokenImage, symbol) : undefined,
  }
}
export type ApiClient = ReturnType<typeof createApiClient>
