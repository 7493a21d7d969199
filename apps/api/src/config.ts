/**
 * The API's configuration, from the environment with dev defaults: the devnet chains of the local
 * stack (packages/stack), their fixture tokens when the devnet is started together, and the dev
 * project. Everything is checked here, so a bad configuration fails at start-up.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  assertUniqueProjectIds,
  FORCE_UPDATE_INTERVAL,
  NATIVE_TOKEN_ADDRESS,
  type ProjectEntry,
  parseProjectsFile,
  RATE_LIMITS,
  SANDBOX_DEV_API_KEY,
  TIME,
  toProjectEntry,
} from '@walletframe/protocol'
import {
  type BucketRule,
  positiveIntFromEnv,
  rateFromEnv,
  trustedProxyHopsFromEnv,
} from '@walletframe/rate-limit'
import { resolveStackConfig, type StackConfig } from '@walletframe/stack'
import { resolveEsploraUrls } from './bip122/config.ts'
import { withRpcUpstreams } from './rpc/upstreams.ts'
import { type LocalSolanaFixtures, resolveSolanaNetworks, type SolanaNetworkConfig } from './solana/config.ts'
import { solanaPriceKey } from './solana/price-key.ts'

type Env = Record<string, string | undefined>
export type Hex = `0x${string}`

export interface TokenConfig {
  /** Lower-case. */
  address: Hex
  name: string
  symbol: string
  decimals: number
  iconUrl?: string | undefined
}

export interface ChainConfig {
  chainId: number
  /** `eip155:<chainId>`. */
  caipNetworkId: string
  name: string
  rpcUrl: string
  /**
   * The nodes `POST /v1` proxies to (spec §7 "JSON-RPC over HTTP"), ranked by viem's fallback;
   * `rpcUrlsFromEnv` (rpc/upstreams.ts), defaulting to `[rpcUrl]`.
   */
  rpcUpstreams: readonly string[]
  nativeCurrency: { name: string; symbol: string; decimals: number }
  nativeIconUrl?: string | undefined
  testnet: boolean
  /**
   * Spec §5 says balances are never returned for testnets (the modal shows 0.00). A devnet is a
   * testnet too, but it is the product's local stand-in for mainnet: without balances there, the
   * Tokens tab, the send flow and their tests would have nothing to show. So balances are served
   * for a chain when it is not a testnet, or when this flag says so (on for the devnet chains,
   * off for real testnets unless configured).
   */
  pricedBalances: boolean
  /** ERC-20s whose balance is always read (besides those the indexer saw the account use). */
  tokens: TokenConfig[]
  /** Lower-case contract addresses whose transfers are flagged spam. */
  spamContracts: Hex[]
  /** First block the indexer reads. */
  startBlock: number
  /** Blocks the indexer stays behind the head, so shallow reorgs never reach the database. */
  confirmations: number
  /** A Uniswap V2 deployment: swaps through its router (swap/uniswap-v2.ts), prices from its pairs. */
  uniswapV2?: UniswapV2Config | undefined
}

export interface UniswapV2Config {
  factory: Hex
  router: Hex
  /** What the pools hold for the native currency. */
  weth: Hex
  /** The pairs whose tokens are offered for swaps (lower-case addresses, token0 < token1). */
  pairs: ReadonlyArray<{ address: Hex; token0: Hex; token1: Hex }>
  /**
   * A token of known price (from `prices`) that the pairs holding it price the other side against
   * (chain/prices.ts `uniswapV2Pools`); without it the pools price nothing.
   */
  priceQuote?: Hex | undefined
}

/**
 * `allowedOrigins`: the modal origins allowed to call the API from a browser (CORS) for this project;
 * `signInOrigins`: the dapp origins it accepts sign-in messages for.
 */
export type ProjectConfig = ProjectEntry

export interface ApiConfig {
  host: string
  /** 0 picks a free port. */
  port: number
  /** PGlite's data folder; ignored when databaseUrl is set; undefined keeps PGlite in memory. */
  dataDir?: string | undefined
  databaseUrl?: string | undefined
  chains: ChainConfig[]
  /** Solana networks whose SOL and SPL balances are served (WF_SOLANA_RPC_URLS, solana/config.ts). */
  solanaNetworks: SolanaNetworkConfig[]
  projects: ProjectConfig[]
  /** USD prices by lower-case CAIP-10 address (the native currency is NATIVE_TOKEN_ADDRESS). */
  prices: Record<string, number>
  /**
   * The chains the built-in Uniswap V2 provider serves swaps on (`WF_API_SWAP_CHAINS`); undefined:
   * every chain configured with a deployment. Its pools still price tokens on the others.
   */
  swapChains?: number[] | undefined
  indexer: { enabled: boolean; pollIntervalMs: number; blockBatchSize: number }
  cache: { balanceMs: number; identityMs: number }
  /** Token buckets (protocol config/rate-limits.ts); in Redis when redisUrl is set. */
  rateLimits: ApiRateLimits
  redisUrl?: string | undefined
  /** The on-ramp provider (docs/onramp.md); none serves the built-in options only. */
  onRamp?: OnRampConfig | undefined
  /**
   * Names written to the names table at start-up (WF_API_NAMES, `name=0x…` comma-separated): how a
   * dev stack or a test gets names to send to while name registration is not built.
   */
  names?: NameEntry[] | undefined
  /**
   * The Esplora-compatible API of each Bitcoin network (`WF_ESPLORA_URLS`, bip122/config.ts), by
   * CAIP-2 id: where bip122 balances are read. A network without one has none (issue 15 point 5).
   */
  esploraUrls?: Readonly<Record<string, string>> | undefined
}

export interface NameEntry {
  /** Lower-case. */
  name: string
  /** Lower-case. */
  address: Hex
}

export type OnRampConfig = { provider: 'none' } | { provider: 'sandbox'; url: string; apiKey: string }

/**
 * WF_ONRAMP_PROVIDER: `sandbox` (the default outside production: apps/onramp-sandbox at
 * WF_ONRAMP_SANDBOX_URL, or the stack's) or `none` (the default in production, where a real
 * provider is passed to startApi in code).
 */
export function resolveOnRampConfig(env: Env, stack: StackConfig): OnRampConfig {
  const provider = env.WF_ONRAMP_PROVIDER || (env.NODE_ENV === 'production' ? 'none' : 'sandbox')
  if (provider === 'none') return { provider }
  if (provider !== 'sandbox') throw new Error(`WF_ONRAMP_PROVIDER must be sandbox or none, got "${provider}"`)
  const url = env.WF_ONRAMP_SANDBOX_URL || stack.onRampSandbox.url
  if (!/^https?:\/\//.test(url)) throw new Error(`WF_ONRAMP_SANDBOX_URL must be an http(s) URL, got "${url}"`)
  return { provider, url, apiKey: env.WF_ONRAMP_SANDBOX_API_KEY || SANDBOX_DEV_API_KEY }
}

export interface ApiRateLimits {
  perIp: BucketRule
  perProject: BucketRule
  /** POST /e per IP. */
  eventsPerIp: BucketRule
  /** forceUpdate=true: once per this many seconds per address and chain. */
  forceUpdateSeconds: number
  /** forceUpdate=true per IP across addresses: a storm over many addresses is bounded too. */
  forceUpdatePerIp: BucketRule
  /** Reverse proxies in front (WF_TRUSTED_PROXY_HOPS): whose X-Forwarded-For entry is the client. */
  trustedProxyHops: number
}

export function resolveRateLimits(env: Env): ApiRateLimits {
  return {
    perIp: rateFromEnv(env, RATE_LIMITS.apiPerIp),
    perProject: rateFromEnv(env, RATE_LIMITS.apiPerProject),
    eventsPerIp: rateFromEnv(env, RATE_LIMITS.apiEventsPerIp),
    forceUpdateSeconds: positiveIntFromEnv(env, FORCE_UPDATE_INTERVAL.env, FORCE_UPDATE_INTERVAL.seconds),
    forceUpdatePerIp: rateFromEnv(env, RATE_LIMITS.apiForceUpdatePerIp),
    trustedProxyHops: trustedProxyHopsFromEnv(env),
  }
}

/** What `startDevnet()` reports per chain once the devnet deploys fixtures (packages/devnet). */
export interface DevnetChainFixtures {
  tokens: ReadonlyArray<{ address: string; name: string; symbol: string; decimals: number }>
  nfts: ReadonlyArray<{ address: string; name: string; symbol: string; spam: boolean }>
  startBlock: bigint
  uniswapV2?: {
    factory: string
    router: string
    weth: string
    pairs: ReadonlyArray<{ address: string; token0: string; token1: string }>
  }
}
export type DevnetFixtures = Readonly<Record<number, DevnetChainFixtures | undefined>>

/** Dev price table (USD), applied by symbol to the devnet's native currency and fixture tokens only. */
export const DEV_PRICES_USD: Readonly<Record<string, number>> = {
  ETH: 3000,
  SOL: 150,
  dUSD: 1,
  DVT: 0.5,
  USDT: 1,
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))
export const DEFAULT_DATA_DIR = resolve(REPO_ROOT, '.data/api')

export const DEFAULT_API_HOST = '127.0.0.1'
export const DEFAULT_API_PORT = 5176

export interface ResolveApiConfigOptions {
  /** Defaults to `resolveStackConfig(env)`. */
  stack?: StackConfig
  /** The devnet's fixtures when it was started by the same process (npm start, tests, bench). */
  fixtures?: DevnetFixtures | undefined
  /** The local Solana RPC's fixtures when it was started by the same process: its dUSD mint. */
  solanaFixtures?: LocalSolanaFixtures | undefined
}

export function resolveApiConfig(env: Env = process.env, options: ResolveApiConfigOptions = {}): ApiConfig {
  const stack = options.stack ?? resolveStackConfig(env)
  const devnetPriced = env.WF_API_DEVNET_BALANCES !== 'false'
  const chains = stack.devnet.chains.map((chain) =>
    withRpcUpstreams(env, devnetChainConfig(chain, options.fixtures?.[chain.chainId], devnetPriced)),
  )
  const projects = assertUniqueProjectIds(
    [
      toProjectEntry(
        {
          projectId: stack.projectId,
          allowedOrigins: [stack.modal.origin],
          signInOrigins: [stack.dapp.origin, ...stack.extraDevOrigins],
        },
        'dev project',
      ),
      ...(env.WF_API_PROJECTS_FILE ? readProjectsFile(env.WF_API_PROJECTS_FILE) : []),
    ],
    "the API's projects",
  )
  const solanaNetworks = resolveSolanaNetworks(env, stack, options.solanaFixtures, devnetPriced)
  const dataDir = env.WF_API_DATA_DIR ? resolve(env.WF_API_DATA_DIR) : DEFAULT_DATA_DIR
  return {
    host: env.WF_API_HOST || DEFAULT_API_HOST,
    port: port(env, 'WF_API_PORT', DEFAULT_API_PORT),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    chains,
    solanaNetworks,
    projects,
    prices: devPrices(chains, solanaNetworks),
    swapChains: swapChains(env),
    indexer: {
      enabled: env.WF_API_INDEXER !== 'false',
      pollIntervalMs: positiveIntFromEnv(env, 'WF_API_INDEXER_POLL_MS', 1_000),
      blockBatchSize: positiveIntFromEnv(env, 'WF_API_INDEXER_BATCH', 100),
    },
    cache: { balanceMs: TIME.balanceCacheMs, identityMs: TIME.identityCacheMs },
    rateLimits: resolveRateLimits(env),
    redisUrl: env.REDIS_URL || undefined,
    onRamp: resolveOnRampConfig(env, stack),
    names: parseNames(env.WF_API_NAMES),
    esploraUrls: resolveEsploraUrls(env),
  }
}

/** `alice.wf=0x…,bob.wf=0x…` → entries; a malformed entry fails the start-up, naming it. */
export function parseNames(raw: string | undefined): NameEntry[] {
  if (!raw?.trim()) return []
  return raw.split(',').map((entry) => {
    const [name = '', address = ''] = entry.trim().split('=')
    if (!/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/.test(name))
      throw new Error(`WF_API_NAMES: "${name}" is not a name (letters, digits, hyphens, dots)`)
    return { name: name.toLowerCase(), address: lowerAddress(address, `WF_API_NAMES ${name}`) }
  })
}

export function devnetChainConfig(
  chain: StackConfig['devnet']['chains'][number],
  fixtures: DevnetChainFixtures | undefined,
  pricedBalances = true,
): ChainConfig {
  return {
    chainId: chain.chainId,
    caipNetworkId: `eip155:${chain.chainId}`,
    name: chain.name,
    rpcUrl: chain.rpcUrl,
    rpcUpstreams: [chain.rpcUrl],
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    testnet: true,
    pricedBalances,
    tokens: (fixtures?.tokens ?? []).map((token) => ({
      address: lowerAddress(token.address, `devnet token ${token.symbol}`),
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
    })),
    spamContracts: (fixtures?.nfts ?? [])
      .filter((nft) => nft.spam)
      .map((nft) => lowerAddress(nft.address, `devnet NFT ${nft.symbol}`)),
    startBlock: Number(fixtures?.startBlock ?? 0n),
    confirmations: 0,
    uniswapV2: fixtures && uniswapV2Config(fixtures),
  }
}

/** The devnet's pools price ETH and DVT against dUSD, the table's stable coin. */
const DEVNET_PRICE_QUOTE = 'dUSD'

function uniswapV2Config(fixtures: DevnetChainFixtures): UniswapV2Config | undefined {
  const fixture = fixtures.uniswapV2
  if (!fixture) return undefined
  const at = (value: string) => lowerAddress(value, 'devnet Uniswap V2')
  const quote = fixtures.tokens.find((token) => token.symbol === DEVNET_PRICE_QUOTE)
  return {
    priceQuote: quote && at(quote.address),
    factory: at(fixture.factory),
    router: at(fixture.router),
    weth: at(fixture.weth),
    pairs: fixture.pairs.map((pair) => ({
      address: at(pair.address),
      token0: at(pair.token0),
      token1: at(pair.token1),
    })),
  }
}

/**
 * DEV_PRICES_USD keyed by CAIP-10: only the currencies this configuration itself trusts (the devnet's
 * and the Solana localnet's, whose balances are priced).
 */
export function devPrices(
  chains: readonly ChainConfig[],
  solanaNetworks: readonly SolanaNetworkConfig[] = [],
): Record<string, number> {
  const prices: Record<string, number> = {}
  for (const network of solanaNetworks.filter((n) => n.pricedBalances)) {
    const sol = DEV_PRICES_USD.SOL
    if (sol !== undefined) prices[solanaPriceKey(network.caipNetworkId, 'native')] = sol
    for (const token of network.tokens) {
      const price = DEV_PRICES_USD[token.symbol]
      if (price !== undefined) prices[solanaPriceKey(network.caipNetworkId, token.mint)] = price
    }
  }
  for (const chain of chains) {
    const native = DEV_PRICES_USD[chain.nativeCurrency.symbol]
    if (native !== undefined) prices[`${chain.caipNetworkId}:${NATIVE_TOKEN_ADDRESS}`] = native
    for (const token of chain.tokens) {
      const price = DEV_PRICES_USD[token.symbol]
      if (price !== undefined) prices[`${chain.caipNetworkId}:${token.address}`] = price
    }
  }
  return prices
}

function lowerAddress(value: string, where: string): Hex {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new Error(`${where}: "${value}" is not an EVM address`)
  return value.toLowerCase() as Hex
}

/** `WF_API_SWAP_CHAINS`: comma-separated eip155 chain ids, or `none`. */
function swapChains(env: Env): number[] | undefined {
  const raw = env.WF_API_SWAP_CHAINS?.trim()
  if (raw === undefined || raw === '') return undefined
  if (raw === 'none') return []
  return raw.split(',').map((part) => {
    const id = Number(part.trim())
    if (!Number.isSafeInteger(id) || id <= 0) {
      throw new Error(`WF_API_SWAP_CHAINS must list chain ids (e.g. 31337,31338) or be none, got "${raw}"`)
    }
    return id
  })
}

function port(env: Env, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    throw new Error(`${name} must be a TCP port (0-65535), got "${raw}"`)
  }
  return value
}

function readProjectsFile(file: string): ProjectConfig[] {
  const where = `WF_API_PROJECTS_FILE ${file}`
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new Error(`${where}: cannot read it (${(error as Error).message})`)
  }
  return parseProjectsFile(text, where)
}
