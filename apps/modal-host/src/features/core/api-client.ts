/**
 * The modal's client of the data API and the wallet registry (spec §7). Every call carries
 * projectId, st and sv; answers are validated with the protocol's shapes; every failure (network,
 * timeout, non-2xx, unexpected body) is a WalletFrameError.
 */
import {
  API_ERRORS,
  API_PATHS,
  BalanceResponseSchema,
  fromApiErrorBody,
  type GetWalletsResponse,
  GetWalletsResponseSchema,
  type HistoryResponse,
  HistoryResponseSchema,
  type IdentityResponse,
  IdentityResponseSchema,
  MODAL_ERRORS,
  REGISTRY_PATHS,
  RPC_PROXY_PATH,
  type SupportedChainsResponse,
  SupportedChainsResponseSchema,
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

  const failed = (details: string, cause?: unknown) =>
    new WalletFrameError(MODAL_ERRORS.httpFailed, { details, cause })

  async function get<T>(path: string, query: Query, schema: Parser<T>): Promise<T> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    let response: Response
    try {
      response = await doFetch(url(path, query), {
        signal: controller.signal,
        headers: { Accept: 'application/json' },
      })
    } catch (error) {
      if (controller.signal.aborted)
        throw new WalletFrameError(MODAL_ERRORS.httpTimeout, { details: `GET ${path}`, cause: error })
      throw failed(`GET ${path}: ${(error as Error).message}`, error)
    } finally {
      clearTimeout(timer)
    }
    let body: unknown
    try {
      body = await response.json()
    } catch (error) {
      throw failed(`GET ${path}: ${response.status} without a JSON body`, error)
    }
    if (!response.ok) throw fromApiErrorBody(response.status, body, `GET ${path}`)
    const parsed = schema.safeParse(body)
    if (!parsed.success) throw failed(`GET ${path}: unexpected answer`)
    return parsed.data
  }

  const withAddress = (path: string, name: string, address: string) =>
    path.replace(`:${name}`, encodeURIComponent(address))

  return {
    /** `GET /v1/supported-chains` (spec §7): the networks the API serves, over HTTP and WebSocket. */
    supportedChains(): Promise<SupportedChainsResponse> {
      return get(API_PATHS.supportedChains, {}, SupportedChainsResponseSchema)
    },
    /** The API's JSON-RPC endpoint for one network (spec §7 "JSON-RPC over HTTP"). */
    rpcUrl(caipNetworkId: string): string {
      return url(RPC_PROXY_PATH, { chainId: caipNetworkId })
    },
    /**
     * `forceUpdate` asks the API to read the chain again. The API allows that once per interval
     * per address (issue 10 §1) and refuses more with 429; the user then gets the cached answer,
     * which is at most that interval older, rather than an error.
     */
    async balance(address: string, chainId: number, forceUpdate = false): Promise<TokenBalance[]> {
      const read = (force: boolean) =>
        get(
          withAddress(API_PATHS.balance, 'address', address),
          { currency: 'usd', chainId: `eip155:${chainId}`, ...(force ? { forceUpdate: 'true' } : {}) },
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
    wallets(query: WalletsQuery): Promise<GetWalletsResponse> {
      const list = (ids: readonly string[] | undefined) => (ids?.length ? ids.join(',') : undefined)
      return get(
        REGISTRY_PATHS.wallets,
        {
          page: String(query.page),
          entries: String(query.entries),
          search: query.search || undefined,
          include: list(registryIds(query.include)),
          exclude: list(registryIds(query.exclude)),
          chains: list(query.chains),
        },
        GetWalletsResponseSchema,
      )
    },
    /** An `<img>` source for a registry wallet's image. */
    walletImageUrl(imageId: string): string {
      return url(REGISTRY_PATHS.walletImage.replace(':id', encodeURIComponent(imageId)))
    },
  }
}
export type ApiClient = ReturnType<typeof createApiClient>
