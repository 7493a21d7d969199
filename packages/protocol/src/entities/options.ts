import * as z from 'zod/mini'
import { CAIP2_PATTERN } from '../caip.ts'
import {
  CONNECT_METHODS,
  CONNECTOR_TYPE_ORDER,
  MAX_PROJECT_ID_LENGTH,
  WALLET_FEATURES_ORDER,
} from '../constants.ts'
import { APP_LINK_PATTERN, WEB_URL_PATTERN } from '../option-patterns.ts'
import { AddressSchema } from './account.ts'
import { SiwxOptionsSchema } from './siwx.ts'
import { ThemeModeSchema, ThemeVariablesSchema } from './theme.ts'

export const SocialProviderSchema = z.enum([
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
  'farcaster',
])
export type SocialProvider = z.infer<typeof SocialProviderSchema>

/** spec §3 Feature options. Defaults: all on except legalCheckbox, smartSessions, collapseWallets. */
export const FeaturesSchema = z.object({
  /** Swap in the Account view (spec §3). @default `true` */
  swaps: z.optional(z.boolean()),
  /** Buy (on-ramp) in the Account view; docs/onramp.md. @default `true` */
  onramp: z.optional(z.boolean()),
  /** Receive (the address as a QR code and text) in the Account view. @default `true` */
  receive: z.optional(z.boolean()),
  /** Send (a token to an address or a name) in the Account view. @default `true` */
  send: z.optional(z.boolean()),
  /** The email login (an embedded wallet in the key frame). @default `true` */
  email: z.optional(z.boolean()),
  /** `false`: next to the email login, wallets wait behind "Continue with a wallet". @default `true` */
  emailShowWallets: z.optional(z.boolean()),
  /** The social logins, in this order, or `false` for none. @default `['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']` */
  socials: z.optional(z.union([z.literal(false), z.array(SocialProviderSchema).check(z.maxLength(7))])),
  /** The order of the wallet rows on Connect; a type left out is not shown. @default `['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended']` */
  connectorTypeOrder: z.optional(z.array(z.enum(CONNECTOR_TYPE_ORDER)).check(z.maxLength(7))),
  /** `false`: no Activity tab on Account. @default `true` */
  history: z.optional(z.boolean()),
  /**
   * `false`: no tracking events (`POST /e` of the data API); `'consent'`: nothing is sent until the host
   * calls `setAnalyticsConsent(true)`; docs/analytics.md. @default `true`
   */
  analytics: z.optional(z.union([z.boolean(), z.literal('consent')])),
  /** `false`: no All Wallets entry on Connect. @default `true` */
  allWallets: z.optional(z.boolean()),
  /** `true`: every connect action waits for "I agree to the Terms of Service and Privacy Policy". @default `false` */
  legalCheckbox: z.optional(z.boolean()),
  /** Parsed for AppKit compatibility; smart sessions are not built, so it changes nothing. @default `false` */
  smartSessions: z.optional(z.boolean()),
  /** `true`: "Continue with a wallet" instead of the wallet list. @default `false` */
  collapseWallets: z.optional(z.boolean()),
  /** The order of the Account view's wallet features. @default `['onramp', 'swaps', 'receive', 'send']` */
  walletFeaturesOrder: z.optional(z.array(z.enum(WALLET_FEATURES_ORDER)).check(z.maxLength(4))),
  /** The order of the connect methods. @default `['email', 'social', 'wallet']`; `['wallet', 'email', 'social']` when the page has a wallet */
  connectMethodsOrder: z.optional(z.array(z.enum(CONNECT_METHODS)).check(z.maxLength(3))),
})
export type Features = z.infer<typeof FeaturesSchema>

export const MetadataSchema = z.object({
  /** The dapp's name, shown to wallets and in WalletConnect pairings. */
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  /** Shown to WalletConnect wallets with the name. */
  description: z.optional(z.string().check(z.maxLength(500))),
  /** Always the page's real origin: a URL on another origin is replaced (with a console warning). */
  url: z.optional(z.string().check(z.maxLength(2048))),
  /** Icon URLs of the dapp, for WalletConnect wallets. */
  icons: z.optional(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(8))),
})
export type Metadata = z.infer<typeof MetadataSchema>

/** A page linked or an image: see WEB_URL_PATTERN. */
const webUrl = z.string().check(z.maxLength(2048), z.regex(WEB_URL_PATTERN))

/** A wallet app's pairing link: see APP_LINK_PATTERN. */
const appLink = z.string().check(z.maxLength(2048), z.regex(APP_LINK_PATTERN))

/** spec §3 Settings "custom wallets": a wallet the registry does not list, connected over WalletConnect. */
export const CustomWalletSchema = z.object({
  /** Your own id for the wallet (unique among the custom wallets). */
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  /** The wallet's name as listed. */
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  /** Its icon. */
  image_url: z.optional(webUrl),
  /** Where to get it. */
  homepage: z.optional(webUrl),
  /** The deep link a phone opens with the pairing URI (`wallet://` or https). */
  mobile_link: z.optional(appLink),
  /** The desktop app's link taking the pairing URI. */
  desktop_link: z.optional(appLink),
  /** A web wallet's page taking the pairing URI. */
  webapp_link: z.optional(webUrl),
  /** Its EIP-6963 rdns: when the page has that wallet, the installed one is listed instead. */
  rdns: z.optional(z.string().check(z.maxLength(128))),
})
export type CustomWallet = z.infer<typeof CustomWalletSchema>

/** spec §3 Settings "tokens": per CAIP-2 network, the token whose balance the Account header shows. */
export const TokensOptionSchema = z.record(
  z.string().check(z.regex(CAIP2_PATTERN)),
  z.object({ address: AddressSchema }),
)
export type TokensOption = z.infer<typeof TokensOptionSchema>

const walletIds = z.array(z.string().check(z.maxLength(128))).check(z.maxLength(200))

/** A viem-style chain: the fields read (viem's chains carry more, such as formatters). */
const ChainOptionSchema = z.looseObject({
  /** The chain id; for a Solana or Bitcoin network (`solana`, `bitcoin`, … of `@walletframe/sdk/networks`), its CAIP-2 reference. */
  id: z.union([
    z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
    z.string().check(z.minLength(1)),
  ]),
  /** `solana` or `bip122` for those networks (then `caipNetworkId` is `<namespace>:<id>`). @default `'eip155'` */
  chainNamespace: z.optional(z.enum(['eip155', 'solana', 'bip122'])),
  /** The network's CAIP-2 id, needed for Solana and Bitcoin networks. @default `` `eip155:${id}` `` */
  caipNetworkId: z.optional(z.string()),
  /** The network's name as shown. */
  name: z.string().check(z.minLength(1)),
  /** The native currency (symbol and decimals of balances and fees). */
  nativeCurrency: z.looseObject({ name: z.string(), symbol: z.string(), decimals: z.number() }),
  /** `default.http`: the JSON-RPC URLs the modal reads from when the data API does not serve the chain. */
  rpcUrls: z.looseObject({
    default: z.looseObject({ http: z.array(z.string()) }),
  }),
})

/**
 * Every option the integrator passes to `createWalletFrame()` (spec §3 "Feature options" and
 * "Settings", §9 "Defaults"), as one schema: the SDK checks the options' kinds with a table generated from
 * it (wire/option-checks.generated.ts), the README's option table lists the same names.
 * Defaults (spec §9): every `enable*` flag and `debug` on, every feature on except legalCheckbox,
 * smartSessions and collapseWallets.
 */
export const WalletFrameOptionsSchema = z.object({
  /** The project: its allowed origins (a page on another origin is refused, 4100), relay and API keys. */
  projectId: z.string().check(z.minLength(1), z.maxLength(MAX_PROJECT_ID_LENGTH)),
  /** Absolute URL of the WalletFrame modal page. */
  modalUrl: z.string().check(z.minLength(1)),
  /**
   * viem-style chains (viem's `Chain` objects fit), the first EVM one the default, and Solana or Bitcoin
   * networks (issue 15); `@walletframe/sdk/networks` has ready ones. At least one EVM chain.
   */
  networks: z.array(ChainOptionSchema).check(z.minLength(1)),
  /** One of `networks` (its `id` is enough). @default the first of `networks` */
  defaultNetwork: z.optional(z.looseObject({ id: z.union([z.number(), z.string()]) })),
  /** The dapp as wallets see it. @default `{ name: 'WalletFrame' }` */
  metadata: z.optional(MetadataSchema),
  /** The modal's colour scheme; `setThemeMode()` changes it later. @default `'dark'` */
  themeMode: z.optional(ThemeModeSchema),
  /** `--wf-*` theme variables, clamped so the modal stays readable (docs/theming.md). @default `{}` */
  themeVariables: z.optional(ThemeVariablesSchema),
  /** The modal's features (spec §3 Feature options). */
  features: z.optional(FeaturesSchema),
  /**
   * Tracking: `false` sends nothing, `'consent'` waits for `setAnalyticsConsent(true)` (docs/analytics.md).
   * The same switch as `features.analytics`, which it overrides when both are given. @default `true`
   */
  analytics: FeaturesSchema.shape.analytics,
  /** Load the modal frame once the page has loaded and is idle, not on first use (`false`). @default `true` */
  preload: z.optional(z.boolean()),
  /** Configuration problems show as info toasts (spec §4; always logged); `true` passed also lets the SDK write to the console. @default `true` */
  debug: z.optional(z.boolean()),
  /** `true`: no Switch Network prompt when the wallet is on a network outside `networks`. @default `false` */
  allowUnsupportedChain: z.optional(z.boolean()),
  /** `false`: no Switch Network prompt for an unsupported network. @default `true` */
  enableNetworkSwitch: z.optional(z.boolean()),
  /** `false`: no WalletConnect entry, registry wallets or custom wallets. @default `true` */
  enableWalletConnect: z.optional(z.boolean()),
  /** `false`: no "Haven’t got a wallet? Get started" link on Connect. @default `true` */
  enableWalletGuide: z.optional(z.boolean()),
  /** `false`: Connect offers email and social logins only. @default `true` */
  enableWallets: z.optional(z.boolean()),
  /** Discover wallets announced over EIP-6963; `false`: they are not listed. @default `true` */
  enableEIP6963: z.optional(z.boolean()),
  /** Announce the WalletFrame provider over EIP-6963 (rdns `io.walletframe`). @default `true` */
  announceProvider: z.optional(z.boolean()),
  /** Registry wallet ids listed first (4 shown, spec §9). @default `[]` */
  featuredWalletIds: z.optional(walletIds),
  /** Only these registry wallets are listed. @default `[]` (all) */
  includeWalletIds: z.optional(walletIds),
  /** Registry wallets (and page wallets, by rdns or name) hidden. @default `[]` */
  excludeWalletIds: z.optional(walletIds),
  /** Wallets the registry lacks, listed in the `custom` slot and connected over WalletConnect deep links. @default `[]` */
  customWallets: z.optional(z.array(CustomWalletSchema).check(z.maxLength(50))),
  /** Per CAIP-2 network (`'eip155:1'`), the ERC-20 `{ address }` whose balance the Account header shows. */
  tokens: z.optional(TokensOptionSchema),
  /**
   * The modal's language, a BCP 47 tag (`es`, `es-MX`, `ar`). A region without
   * its own catalogue takes its language's (es-MX → es); a language the modal lacks falls back to
   * English. Numbers and dates follow the tag. Errors to the host stay English (code + message). @default the browser's language
   */
  locale: z.optional(z.string().check(z.minLength(2), z.maxLength(35))),
  /** The terms page the legal checkbox links to (opens in a new tab). */
  termsConditionsUrl: z.optional(webUrl),
  /** The privacy page the legal checkbox links to (opens in a new tab). */
  privacyPolicyUrl: z.optional(webUrl),
  /**
   * `false` (spec §2 "appending disabled"): the SDK puts no frame in the page by itself; the modal
   * shows once `mount(element)` has placed it. Default: an overlay frame at the end of the body.
   */
  appendTo: z.optional(z.literal(false)),
  /** Spec §4 wallet sign-in (CAIP-122); `siwe` is the same for eip155. Setting both is an error (spec §5). */
  siwx: z.optional(SiwxOptionsSchema),
  /** `siwx` for eip155 only (EIP-4361); not together with `siwx`. */
  siwe: z.optional(SiwxOptionsSchema),
  /**
   * The SDK's adapters of other namespaces (issue 15): `solanaAdapter()` from
   * `@walletframe/sdk/solana`, `bitcoinAdapter()` from `@walletframe/sdk/bitcoin`; then
   * `getProvider('solana' | 'bip122')`. SDK only: the modal is not sent them. @default `[]`
   */
  adapters: z.optional(z.array(z.unknown()).check(z.maxLength(4))),
})
/** The options as data; the SDK's `WalletFrameOptions` adds viem's richer chain type. */
export type WalletFrameOptionsData = z.infer<typeof WalletFrameOptionsSchema>
