/**
 * The integrator's options: checked once at creation (so a misconfiguration fails loudly, not as a
 * silent frame) and reduced to plain data that can cross into the modal frame.
 */
import type { ModalInit, Network, WalletFrameOptionsData } from '@walletframe/protocol/host'
import {
  HOST_THEME_DEFAULTS,
  ORIGIN_CHECK_PATH,
  optionProblem,
  RPC_INVALID_PARAMS,
  WalletFrameError,
} from '@walletframe/protocol/host'

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
export interface WalletFrameOptions
  extends Omit<WalletFrameOptionsData, 'networks' | 'defaultNetwork' | 'featuredWalletIds'> {
  networks: readonly ChainLike[]
  defaultNetwork?: ChainLike
  featuredWalletIds?: string[]
}

/** The part of the modal's init fixed at creation; storage, wallets and isMobile are read at each handshake. */
export type StaticInit = Omit<ModalInit, 'storage' | 'wallets' | 'isMobile'>

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

function toNetwork(chain: ChainLike): Network {
  const { id, name, nativeCurrency: currency, rpcUrls, blockExplorers, testnet } = chain ?? {}
  const http = rpcUrls?.default?.http
  if (!Number.isSafeInteger(id) || id < 1 || !name || !currency || !http?.length) {
    fail(`Invalid network ${id ?? name}: needs id, name, nativeCurrency and rpcUrls.default.http.`)
  }
  const explorer = blockExplorers?.default
  // Fields are picked one by one: viem chains carry functions (formatters) that cannot be cloned.
  return {
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    name,
    nativeCurrency: { name: currency.name, symbol: currency.symbol, decimals: currency.decimals },
    rpcUrls: { default: { http: [...http] } },
    blockExplorers: explorer && { default: { name: explorer.name, url: explorer.url } },
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
  if (!o.networks.length) fail('networks must not be empty.')
  const networks = o.networks.map(toNetwork)
  const defaultId = o.defaultNetwork?.id
  if (defaultId !== undefined && !networks.some((n) => n.id === defaultId))
    fail('defaultNetwork must be one of networks.')
  const init: StaticInit = {
    projectId,
    sdkVersion: SDK_VERSION,
    networks,
    defaultNetworkId: defaultId ? `eip155:${defaultId}` : undefined,
    metadata: o.metadata,
    themeMode: o.themeMode ?? HOST_THEME_DEFAULTS.themeMode,
    themeVariables,
    features: o.features ?? {},
    // spec §9 Defaults: debug and every enable* flag are on unless set false.
    debug: o.debug !== false,
    allowUnsupportedChain: !!o.allowUnsupportedChain,
    enableNetworkSwitch: o.enableNetworkSwitch !== false,
    enableWalletConnect: o.enableWalletConnect !== false,
    enableWalletGuide: o.enableWalletGuide !== false,
    enableWallets: o.enableWallets !== false,
    featuredWalletIds: o.featuredWalletIds ?? [],
    includeWalletIds: o.includeWalletIds ?? [],
    excludeWalletIds: o.excludeWalletIds ?? [],
    customWallets: o.customWallets,
    tokens: o.tokens,
    termsConditionsUrl: o.termsConditionsUrl,
    privacyPolicyUrl: o.privacyPolicyUrl,
    siwx: o.siwx,
    siwe: o.siwe,
    locale: o.locale,
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
