/**
 * The integrator's options: checked once at creation (so a misconfiguration fails loudly, not as a
 * silent frame) and reduced to plain data that can cross into the modal frame.
 */
import type {
  ModalInitInput,
  NamespaceNetwork,
  Network,
  WalletFrameOptionsData,
} from '@walletframe/protocol/host'
import {
  HOST_THEME_DEFAULTS,
  ORIGIN_CHECK_PATH,
  optionProblem,
  RPC_INVALID_PARAMS,
  WalletFrameError,
} from '@walletframe/protocol/host'
import type { WalletFrameAdapter } from './adapter.ts'

export const SDK_VERSION = '0.1.0'

/** A viem-style chain; only these fields are read. */
export interface ChainLike {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
}

/**
 * The integrator's options: their shapes, defaults and meaning are WalletFrameOptionsSchema's in
 * packages/protocol (spec §3 "Feature options" and "Settings"); the README lists them. Chains may
 * be viem's, which carry more than the fields read.
 */
/** A Solana or Bitcoin network, as `@walletframe/sdk/networks` defines them (`solana`, `bitcoin`, …). */
export interface NamespaceNetworkLike {
  id: string
  caipNetworkId: string
  chainNamespace: NamespaceNetwork['chainNamespace']
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
}

export interface WalletFrameOptions
  extends Omit<WalletFrameOptionsData, 'networks' | 'defaultNetwork' | 'featuredWalletIds' | 'adapters'> {
  /** EVM chains (viem's or `@walletframe/sdk/networks`'), and Solana or Bitcoin networks. */
  networks: readonly (ChainLike | NamespaceNetworkLike)[]
  defaultNetwork?: ChainLike | NamespaceNetworkLike
  featuredWalletIds?: string[]
  /**
   * Other namespaces' adapters (issue 15): `solanaAdapter()` from `@walletframe/sdk/solana`,
   * `bitcoinAdapter()` from `@walletframe/sdk/bitcoin`. `getProvider(namespace)` gives each one's provider.
   */
  adapters?: readonly WalletFrameAdapter[]
}

/** The part of the modal's init fixed at creation; storage and wallets are read at each handshake. */
export type StaticInit = Omit<ModalInitInput, 'storage' | 'wallets'>

export interface Config {
  init: StaticInit
  /** The frame's src: modalUrl with the projectId in its query. */
  src: string
  /** The modal server's origin check for this project (ORIGIN_CHECK_PATH with the frame's query). */
  check: string
  origin: string
  zIndex: number
  preload: boolean
  eip6963: boolean
  announce: boolean
  /** The SDK may append its overlay frame to the body (not `appendTo: false`). */
  append: boolean
  /** Where `mount()` put the modal inline (spec §2 embedded mode). */
  container?: HTMLElement
  /** The SDK logs to the console only when `debug: true` was passed (the default shows toasts only). */
  console: boolean
}

const fail = (message: string): never => {
  throw new WalletFrameError({ code: RPC_INVALID_PARAMS.code, message })
}

const isNamespaceNetwork = (network: ChainLike | NamespaceNetworkLike): network is NamespaceNetworkLike =>
  typeof network?.id === 'string'

function toNetwork(chain: ChainLike): Network {
  const { id, name, nativeCurrency: currency, rpcUrls, blockExplorers, testnet } = chain ?? {}
  const http = rpcUrls?.default?.http
  if (!Number.isSafeInteger(id) || id < 1 || !name || !currency || !http?.length) {
    fail(`Invalid network ${id ?? name}: needs id, name, nativeCurrency and rpcUrls.default.http.`)
  }
  // The chain's own fields are picked: a viem chain also carries functions (formatters) and may
  // carry bigints (its contracts), which cannot be posted. Those picked are plain data; the modal's
  // parse drops what they hold beyond its schema (another explorer, a WebSocket URL).
  return {
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    name,
    nativeCurrency: currency,
    rpcUrls: { default: { http: [...http] } },
    blockExplorers,
    testnet,
  }
}

export function normalizeOptions(options: WalletFrameOptions): Config {
  const o = options ?? ({} as WalletFrameOptions)
  const { projectId, themeVariables = {} } = o
  if (typeof projectId !== 'string' || !projectId) {
    // The title of ALERTS.projectIdNotConfigured, written out: importing ALERTS would ship every alert.
    fail('Project ID Not Configured: pass a projectId to createWalletFrame().')
  }
  // Kinds generated from WalletFrameOptionsSchema: a wrong one is named ("features.history must be a boolean").
  const problem = optionProblem(o)
  if (problem) fail(problem)
  // Spec §5: the SIWE config and the SIWX option cannot both be set.
  if (o.siwx && o.siwe) fail('siwe and siwx cannot both be set: pass one of them.')
  let url: URL
  try {
    url = new URL(o.modalUrl)
  } catch {
    return fail('modalUrl must be the absolute URL of the modal.')
  }
  url.searchParams.set('projectId', projectId)
  const check = new URL(url)
  check.pathname = ORIGIN_CHECK_PATH
  // A list by the option check above; empty, it has no EVM network either (the message below).
  // Solana and Bitcoin networks are plain data (`@walletframe/sdk/networks`), checked by the modal's parse.
  const namespaceNetworks = o.networks.filter(isNamespaceNetwork)
  const networks = o.networks.filter((n): n is ChainLike => !isNamespaceNetwork(n)).map(toNetwork)
  if (!networks.length) fail('networks must include an EVM network: the modal starts on one.')
  const chosen = o.defaultNetwork
  const defaultId = chosen && (isNamespaceNetwork(chosen) ? chosen.caipNetworkId : `eip155:${chosen.id}`)
  if (defaultId && ![...networks, ...namespaceNetworks].some((n) => n.caipNetworkId === defaultId))
    fail('defaultNetwork must be one of networks.')
  // The options as given, less the chains (viem's carry functions and may carry bigints, which
  // cannot be posted; their fields are picked above) and the adapters (code, for this page only):
  // the modal's parse applies the defaults (spec §9) and drops what it does not know, the SDK's own
  // options included (ModalInitSchema).
  const { networks: _chains, defaultNetwork: _default, adapters: _adapters, ...passed } = o
  const init: StaticInit = {
    ...passed,
    projectId,
    sdkVersion: SDK_VERSION,
    networks,
    namespaceNetworks: namespaceNetworks as NamespaceNetwork[],
    defaultNetworkId: defaultId,
  }
  return {
    // A JSON round trip leaves plain data only (no functions, no undefined), which the frame accepts.
    init: JSON.parse(JSON.stringify(init)),
    src: url.href,
    check: check.href,
    origin: url.origin,
    zIndex: themeVariables['--wf-z-index'] ?? HOST_THEME_DEFAULTS.zIndex,
    preload: o.preload !== false,
    eip6963: o.enableEIP6963 !== false,
    announce: o.announceProvider !== false,
    append: o.appendTo !== false,
    console: o.debug === true,
  }
}
