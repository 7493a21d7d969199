/** Business constants of spec §9 and the channel's own limits. Plain data: safe to import anywhere. */

export const PROTOCOL_VERSION = 1
/** Versions this build can speak; the handshake picks the highest both sides share. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly number[] = [1]

export const STORAGE_PREFIX = '@walletframe'
/**
 * What one host storage entry may hold (keys without the prefix), on the channel and in the init.
 * A write beyond them is refused with a typed error, never dropped (issue 10).
 */
export const HOST_STORAGE_LIMITS = { keyLength: 200, valueLength: 100_000 } as const
export const HOST_STORAGE_KEY_PATTERN = /^[A-Za-z0-9@/_.:-]+$/

/** Longest project id anywhere: the SDK's init, the API's query, the projects file. */
export const MAX_PROJECT_ID_LENGTH = 128

/**
 * The deadlines the channel itself uses, each its own const (and in TIME below) so that the host
 * SDK's bundle carries these few numbers rather than all of TIME.
 */
export const HTTP_TIMEOUT_MS = 10_000
/** Deadline of requests that wait on the user (connect, signing): long, but never unbounded. */
export const USER_ACTION_TIMEOUT_MS = 10 * 60_000
/**
 * How much shorter an inner cross-frame request's deadline is than the outer one it serves
 * (NESTED_REQUESTS), so that the inner fails first and the outer can still answer with its error.
 */
export const NESTED_DEADLINE_MARGIN_MS = 15_000

export const HANDSHAKE = {
  helloType: 'walletframe:hello',
  readyType: 'walletframe:ready',
  refusedType: 'walletframe:refused',
  /** How long the host waits for the modal frame to answer its hello. */
  timeoutMs: 10_000,
  /**
   * How long the host waits after the frame's load event when the modal server did not confirm the
   * origin: the modal's script has run by then and answers at once, so silence means no modal page
   * (server down, or the frame refused by frame-ancestors). Keeps connect() under 2 s (issue 10).
   */
  afterLoadMs: 1_000,
  /**
   * After the frame's load event, a host not yet answered asks the modal server why (ORIGIN_CHECK_PATH).
   * Only then: an allowed host never makes the request, so a page whose CSP connect-src leaves the
   * modal origin out sees no violation.
   */
  checkAfterMs: 150,
} as const

/**
 * The modal server's origin check (`GET`, the frame URL's query: `projectId`), readable by any page
 * (CORS): 200 `{ allowed: true }` for an allowed `Origin`, otherwise the refusal as a `WireError`
 * (403 origin not allowed, 404 unknown project). The SDK asks it when the loaded frame has not
 * answered within HANDSHAKE.checkAfterMs, so that a refused host fails in one round trip instead of
 * waiting for a frame that will never answer.
 */
export const ORIGIN_CHECK_PATH = '/v1/origin-check'

/**
 * How long a relay holds a stored message from readers at most (apps/relay mailbox): one whose relay
 * stopped between storing it and acknowledging its publish is released by age, so it is late, never
 * lost. Every relay process on one Redis reads the others' held messages, so they share this value.
 */
export const RELAY_MESSAGE_HOLD_MS = 10_000

export const TIME = {
  emailLoginCooldownMs: 30_000,
  balanceRetryIntervalMs: 30_000,
  /** Spec §9 "portfolio and native balance 30 s": the token balances and the native balance. */
  balanceCacheMs: 30_000,
  identityCacheMs: 300_000, // 5 min (a product here would keep TIME in every bundle: esbuild sees it as a side effect)
  pairingLifetimeMs: 240_000, // 4 min
  pairingExpiryMarginMs: 10_000,
  toastSwapDelayMs: 150,
  toastDurationMs: 2_200,
  shakeMs: 500,
  imagePreloadTimeoutMs: 2_000,
  debounceMs: 500,
  walletSearchDebounceMs: 300,
  frameReadyWaitMs: 500,
  authStepTimeoutMs: 30_000,
  disallowedRpcErrorDelayMs: 300,
  heartbeatIntervalMs: 5_000,
  httpTimeoutMs: HTTP_TIMEOUT_MS,
  httpRetries: 3,
  httpRetryDelayMs: 150,
  userActionTimeoutMs: USER_ACTION_TIMEOUT_MS,
  nestedDeadlineMarginMs: NESTED_DEADLINE_MARGIN_MS,
  /** Key server (docs/embedded-wallet.md): a mailed code is good for 10 min, once. */
  otpLifetimeMs: 600_000,
  /** How long a device-confirmation link stays valid. */
  deviceConfirmationLifetimeMs: 900_000, // 15 min
  /**
   * "connect device" long-polls at most this long, then answers `confirmed: false`; shorter than
   * authStepTimeoutMs, so the frame's own deadline never cuts a poll short.
   */
  deviceConfirmationWaitMs: 25_000,
  /** A key-frame session (its HttpOnly cookie) lasts 30 days. */
  sessionLifetimeMs: 2_592_000_000,
  /** After an email code or a passkey, the session counts as freshly authenticated this long. */
  freshAuthMs: 300_000, // 5 min
  /**
   * A Farcaster sign-in request (its relay channel, QR code and deep link) lives as long as a
   * pairing's QR code (spec §9 "Pairing lifetime 4 min"), and serves one login.
   */
  farcasterChannelLifetimeMs: 240_000,
  /** "connect farcaster" long-polls at most this long, like "connect device": inside authStepTimeoutMs. */
  farcasterStatusWaitMs: 25_000,
  /** A WebAuthn challenge is single use and short-lived. */
  passkeyChallengeLifetimeMs: 300_000,
  /** The device cookie's lifetime: 400 days, the most browsers keep a cookie. */
  deviceCookieLifetimeMs: 34_560_000_000,
  /** Approve counts only after the key frame was seen visible this long without a break (IntersectionObserver v2). */
  approvalVisibleMs: 500,
  /** IntersectionObserver v2's `delay` for the approval: its minimum, 100 ms. */
  approvalVisibilityDelayMs: 100,
} as const

/** The modal's close animation; its own const so that the host SDK ships just this number. */
export const MODAL_CLOSE_ANIMATION_MS = 150

export const ANIMATION = {
  headerTextMs: 120,
  modalHeightMs: MODAL_CLOSE_ANIMATION_MS,
  viewTransitionMs: 150,
  shakeMs: 500,
} as const

export const LIMITS = {
  recentWallets: 2,
  featuredWallets: 4,
  recommendedWallets: 4,
  walletsPerPage: 40,
  walletSearchEntries: 100,
  pendingTransactions: 99,
  balanceDisplayDecimals: 3,
  tokenTotalDecimals: 2,
  transactionAmountDecimals: 3,
  addressHeadChars: 4,
  addressTailChars: 6,
  rpcBatchSize: 1000,
  /** Channel: longest id or method name accepted in an envelope. */
  maxIdLength: 64,
  maxMethodLength: 64,
} as const

export const MODAL_WIDTH_PX = 360

const DEFAULT_THEME_MODE = 'dark'
const DEFAULT_Z_INDEX = 999

/**
 * The two theme defaults the host SDK reads, apart from THEME_DEFAULTS: a bundler keeps a whole
 * object literal, so the SDK would otherwise ship the modal's defaults too.
 */
export const HOST_THEME_DEFAULTS = { themeMode: DEFAULT_THEME_MODE, zIndex: DEFAULT_Z_INDEX } as const

export const THEME_DEFAULTS = {
  themeMode: DEFAULT_THEME_MODE,
  fontSizeMaster: '10px',
  borderRadiusMaster: '4px',
  zIndex: DEFAULT_Z_INDEX,
  colorMixStrength: 0,
} as const

/** z-index of the hidden embedded-wallet frame (spec §2). */
export const EMBEDDED_FRAME_Z_INDEX = 999999

export const CONNECTOR_TYPE_ORDER = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
export type ConnectorTypeOrderEntry = (typeof CONNECTOR_TYPE_ORDER)[number]

export const WALLET_FEATURES_ORDER = ['onramp', 'swaps', 'receive', 'send'] as const
/** A wallet feature of the Account view (spec §3 feature options), each behind its own option. */
export type WalletFeature = (typeof WALLET_FEATURES_ORDER)[number]

export const CONNECT_METHODS = ['email', 'social', 'wallet'] as const
export type ConnectMethod = (typeof CONNECT_METHODS)[number]
/** Default order without injected or announced wallets shown, and with them (spec §2). */
export const CONNECT_METHOD_ORDER_DEFAULT: readonly ConnectMethod[] = ['email', 'social', 'wallet']
export const CONNECT_METHOD_ORDER_WITH_INSTALLED: readonly ConnectMethod[] = ['wallet', 'email', 'social']

/** Name under which a legacy `window.ethereum` provider is listed; hidden on non-mobile (spec §5). */
export const LEGACY_INJECTED_NAME = 'Browser Wallet'
export const LEGACY_INJECTED_ID = 'injected'
/** A mobile MetaMask rdns is treated as the desktop one (spec §5). */
export const RDNS_ALIASES: Readonly<Record<string, string>> = { 'io.metamask.mobile': 'io.metamask' }

/** How the SDK announces itself over EIP-6963. */
/** A phone or tablet's user agent (spec §3 mobile behaviour: deep links, the Browser Wallet entry). */
export const MOBILE_USER_AGENT = /Mobi|Android|iP(hone|ad|od)/i

export const WALLETFRAME_RDNS = 'io.walletframe'
export const WALLETFRAME_NAME = 'WalletFrame'

export const EIP6963_EVENTS = {
  announce: 'eip6963:announceProvider',
  request: 'eip6963:requestProvider',
} as const

/** Storage keys (each prefixed with STORAGE_PREFIX) of the non-secret connection hints. */
/** The hint the SDK reads itself (a reload of a connected page restores at once). */
export const CONNECTION_STATUS_KEY = 'connection-status'
/** The hint `getSession()` reads itself: the sign-in session survives a reload before the frame loads. */
export const SIWX_SESSION_KEY = 'siwx-session'

export const STORAGE_KEYS = {
  /** Spec §3 sign-in session (non-secret: message, signature, session id and its revocation proof). */
  siwxSession: SIWX_SESSION_KEY,
  connectionStatus: CONNECTION_STATUS_KEY,
  connectorId: 'connector-id',
  activeNetworkId: 'active-network-id',
  activeNamespace: 'active-namespace',
  connectedNamespaces: 'connected-namespaces',
  recentWallets: 'recent-wallets',
  /** spec §7 "Wallet-service API": the modal's clientId, made once per browser (api/registry.ts). */
  clientId: 'client-id',
  themeMode: 'theme-mode',
  /** Spec §3: the email of the last email login (never a token or a share), to fill the field. */
  email: 'email',
  /** Spec §3, §5: when the last email login was sent (ms), for the 30 s cooldown. */
  lastEmailLoginTime: 'last-email-login-time',
  /** Spec §3, §4: the provider of the social login in use; disconnect removes it. */
  socialProvider: 'social-provider',
  /** Spec §3: the social login's user name (a display hint, never a token), shown after a reload. */
  socialUsername: 'social-username',
  /**
   * Spec §3 "deep-link choice": the wallet app a mobile user opened through its WalletConnect deep
   * link (`{ name, href }`), opened again for later requests; removed on disconnect.
   */
  deepLinkChoice: 'deep-link-choice',
  /**
   * Spec §3, §4 "Account type": the account type the user chose, per chain namespace
   * (`{ "eip155": "eoa" }`); spec §9's default stands for a namespace not in it.
   */
  preferredAccountTypes: 'preferred-account-types',
} as const

/**
 * The element the modal server fills with the project's public bootstrap JSON
 * (`<script id="wf-project" type="application/json">`): status, projectId, allowed origins and,
 * when the deployment runs a WalletConnect relay, its `relayUrl`.
 */
export const PROJECT_BOOTSTRAP_ELEMENT_ID = 'wf-project'

/**
 * Spec §9 "Embedded-wallet networks": ethereum, optimism, arbitrum, polygon, celo, aurora, bsc,
 * avalanche, zksync, gnosis, base, zora and their testnets; plus the local devnet chains.
 * (The three Solana networks join with the Solana issue.)
 */
export const EMBEDDED_WALLET_CHAIN_IDS: readonly number[] = [
  1, 11155111, 10, 11155420, 42161, 421614, 137, 80002, 42220, 44787, 1313161554, 1313161555, 56, 97, 43114,
  43113, 324, 300, 100, 10200, 8453, 84532, 7777777, 999999999, 31337, 31338,
]

/**
 * The genesis hash the repo's local Solana RPC (packages/devnet, on litesvm) answers to
 * `getGenesisHash`: fixed (base58 of sha256 "walletframe-solana-localnet"), so that its CAIP-2 id,
 * `solana:` + the first 32 characters, is the same on every machine (issue 15).
 */
export const SOLANA_LOCALNET_GENESIS_HASH = '6jX4iSBKoRoc7Aah7yMRGJjFERgBUtHJZPfkCSbosN5u'

/**
 * The embedded wallet's smart-account factory (issue 14): Solady's ERC4337Factory over Solady's
 * ERC-4337 account for EntryPoint v0.7, as packages/devnet compiles it (contracts/WalletFrameAccount.sol),
 * deployed through the CREATE2 deployer with salt 0: the same address on every chain it is deployed
 * to. Each user's account is `getAddress(owner ‖ 0)`: counterfactual until its first user operation.
 * The devnet's account-abstraction test fails if the compiled factory lands anywhere else.
 */
export const SMART_ACCOUNT_FACTORY_ADDRESS = '0x7425FB127E019088609747CF59Cb9658751b0bB5'

/**
 * The code an embedded EOA delegates to under EIP-7702 (issue 14 point 4): eth-infinitism's
 * `Simple7702Account` of `@account-abstraction/contracts@0.8.0` (ERC-1271 for its own address,
 * `executeBatch` callable by the account itself), at the address its CREATE2 deployment has on
 * public chains and on the devnet. A delegation to any other code is unknown code to the wallet.
 */
export const EIP7702_DELEGATE_ADDRESS = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

/**
 * Spec §9 "Relative-time thresholds: seconds up to 44, minute to 89 s, and so on": the classic
 * (moment.js) thresholds. Each is the rounded count of a unit at which the next larger unit takes
 * over: 45 s → minutes (45–89 s read "1 minute"), 45 min → hours, 22 h → days, 26 days → months,
 * 11 months → years. The spec shows no more ("the rest is not shown"); beyond 11 months the count
 * is in years, as moment's.
 */
export const RELATIVE_TIME_THRESHOLDS = { seconds: 45, minutes: 45, hours: 22, days: 26, months: 11 } as const

/**
 * Spec §9 "Log buffer about 1 MB by default": what `sdk.getLogs()` keeps of the SDK's and the
 * modal's log lines (UTF-8 bytes), the oldest dropped first.
 */
export const LOG_BUFFER_BYTES = 1_048_576
/** The longest modal log line sent to the SDK (`modal.log`); the modal cuts longer ones. */
export const LOG_LINE_MAX_CHARS = 1_000
