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
  swaps: z.optional(z.boolean()),
  onramp: z.optional(z.boolean()),
  receive: z.optional(z.boolean()),
  send: z.optional(z.boolean()),
  email: z.optional(z.boolean()),
  emailShowWallets: z.optional(z.boolean()),
  socials: z.optional(z.union([z.literal(false), z.array(SocialProviderSchema).check(z.maxLength(7))])),
  connectorTypeOrder: z.optional(z.array(z.enum(CONNECTOR_TYPE_ORDER)).check(z.maxLength(7))),
  history: z.optional(z.boolean()),
  analytics: z.optional(z.boolean()),
  allWallets: z.optional(z.boolean()),
  legalCheckbox: z.optional(z.boolean()),
  smartSessions: z.optional(z.boolean()),
  collapseWallets: z.optional(z.boolean()),
  walletFeaturesOrder: z.optional(z.array(z.enum(WALLET_FEATURES_ORDER)).check(z.maxLength(4))),
  connectMethodsOrder: z.optional(z.array(z.enum(CONNECT_METHODS)).check(z.maxLength(3))),
})
export type Features = z.infer<typeof FeaturesSchema>

export const MetadataSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  description: z.optional(z.string().check(z.maxLength(500))),
  url: z.optional(z.string().check(z.maxLength(2048))),
  icons: z.optional(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(8))),
})
export type Metadata = z.infer<typeof MetadataSchema>

/** A page linked or an image: see WEB_URL_PATTERN. */
const webUrl = z.string().check(z.maxLength(2048), z.regex(WEB_URL_PATTERN))

/** A wallet app's pairing link: see APP_LINK_PATTERN. */
const appLink = z.string().check(z.maxLength(2048), z.regex(APP_LINK_PATTERN))

/** spec §3 Settings "custom wallets": a wallet the registry does not list, connected over WalletConnect. */
export const CustomWalletSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  image_url: z.optional(webUrl),
  homepage: z.optional(webUrl),
  mobile_link: z.optional(appLink),
  desktop_link: z.optional(appLink),
  webapp_link: z.optional(webUrl),
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
  id: z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
  name: z.string().check(z.minLength(1)),
  nativeCurrency: z.looseObject({ name: z.string(), symbol: z.string(), decimals: z.number() }),
  rpcUrls: z.looseObject({
    default: z.looseObject({ http: z.array(z.string()).check(z.minLength(1)) }),
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
  projectId: z.string().check(z.minLength(1), z.maxLength(MAX_PROJECT_ID_LENGTH)),
  /** Absolute URL of the WalletFrame modal page. */
  modalUrl: z.string().check(z.minLength(1)),
  networks: z.array(ChainOptionSchema).check(z.minLength(1)),
  /** One of `networks`; the first by default. */
  defaultNetwork: z.optional(z.looseObject({ id: z.number() })),
  metadata: z.optional(MetadataSchema),
  themeMode: z.optional(ThemeModeSchema),
  themeVariables: z.optional(ThemeVariablesSchema),
  features: z.optional(FeaturesSchema),
  /** Load the modal frame once the page has loaded and is idle (default), not on first use (`false`). */
  preload: z.optional(z.boolean()),
  /** spec §4 debug-style toasts (default on); `true` also lets the SDK write to the console. */
  debug: z.optional(z.boolean()),
  allowUnsupportedChain: z.optional(z.boolean()),
  enableNetworkSwitch: z.optional(z.boolean()),
  enableWalletConnect: z.optional(z.boolean()),
  /** The "Haven't got a wallet?" link of the Connect view. */
  enableWalletGuide: z.optional(z.boolean()),
  /** `false`: email and social logins only. */
  enableWallets: z.optional(z.boolean()),
  /** Discover wallets announced over EIP-6963. */
  enableEIP6963: z.optional(z.boolean()),
  /** Announce the WalletFrame provider over EIP-6963. */
  announceProvider: z.optional(z.boolean()),
  featuredWalletIds: z.optional(walletIds),
  includeWalletIds: z.optional(walletIds),
  excludeWalletIds: z.optional(walletIds),
  customWallets: z.optional(z.array(CustomWalletSchema).check(z.maxLength(50))),
  tokens: z.optional(TokensOptionSchema),
  /**
   * The modal's language, a BCP 47 tag (`es`, `es-MX`, `ar`). Default: the browser's. A region without
   * its own catalogue takes its language's (es-MX → es); a language the modal lacks falls back to
   * English. Numbers and dates follow the tag. Errors to the host stay English (code + message).
   */
  locale: z.optional(z.string().check(z.minLength(2), z.maxLength(35))),
  termsConditionsUrl: z.optional(webUrl),
  privacyPolicyUrl: z.optional(webUrl),
  /**
   * `false` (spec §2 "appending disabled"): the SDK puts no frame in the page by itself; the modal
   * shows once `mount(element)` has placed it. Default: an overlay frame at the end of the body.
   */
  appendTo: z.optional(z.literal(false)),
  /** Spec §4 wallet sign-in (CAIP-122); `siwe` is the same for eip155. Setting both is an error (spec §5). */
  siwx: z.optional(SiwxOptionsSchema),
  siwe: z.optional(SiwxOptionsSchema),
})
/** The options as data; the SDK's `WalletFrameOptions` adds viem's richer chain type. */
export type WalletFrameOptionsData = z.infer<typeof WalletFrameOptionsSchema>
