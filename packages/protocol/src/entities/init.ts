import * as z from 'zod/mini'
import {
  HOST_STORAGE_LIMITS,
  HOST_THEME_DEFAULTS,
  MAX_PROJECT_ID_LENGTH,
  MOBILE_USER_AGENT,
} from '../constants.ts'
import { AddressSchema } from './account.ts'
import { NamespaceNetworkSchema, NetworkSchema } from './network.ts'
import { FeaturesSchema, MetadataSchema, WalletFrameOptionsSchema as Options } from './options.ts'
import { ThemeModeSchema, ThemeVariablesSchema } from './theme.ts'
import { WalletDescriptorSchema } from './wallet.ts'

const walletIdList = z.array(z.string().check(z.maxLength(128))).check(z.maxLength(200))

/**
 * What the host SDK tells the modal in its hello: the integrator's options and the host's state.
 * The defaults of spec §9 are applied here, in the modal's parse, not in the SDK: the SDK passes the
 * options on as given (its size is budgeted), and keys the modal does not know are dropped.
 */
export const ModalInitSchema = z.object({
  projectId: z.string().check(z.minLength(1), z.maxLength(MAX_PROJECT_ID_LENGTH)),
  sdkVersion: z.string().check(z.maxLength(32)),
  networks: z.array(NetworkSchema).check(z.minLength(1), z.maxLength(50)),
  /** The dapp's Solana and Bitcoin networks (issue 15), in the order given; `networks` holds its EVM ones. */
  namespaceNetworks: z._default(z.array(NamespaceNetworkSchema).check(z.maxLength(20)), () => []),
  defaultNetworkId: z.optional(z.string().check(z.maxLength(64))),
  metadata: z.optional(MetadataSchema),
  themeMode: z._default(ThemeModeSchema, HOST_THEME_DEFAULTS.themeMode),
  themeVariables: z._default(ThemeVariablesSchema, () => ({})),
  features: z._default(FeaturesSchema, () => ({})),
  // spec §9 Defaults: debug and every enable* flag are on unless set false.
  debug: z._default(z.boolean(), true),
  allowUnsupportedChain: z._default(z.boolean(), false),
  enableNetworkSwitch: z._default(z.boolean(), true),
  featuredWalletIds: z._default(walletIdList, () => []),
  includeWalletIds: z._default(walletIdList, () => []),
  excludeWalletIds: z._default(walletIdList, () => []),
  /** The host's `@walletframe` entries, so the modal can restore without storage of its own. */
  storage: z.record(
    z.string().check(z.maxLength(HOST_STORAGE_LIMITS.keyLength)),
    z.string().check(z.maxLength(HOST_STORAGE_LIMITS.valueLength)),
  ),
  wallets: z.array(WalletDescriptorSchema).check(z.maxLength(100)),
  /**
   * Whether the host page is a mobile device: by default read from the modal's own user agent,
   * which the frame shares with its page (the SDK does not ship the test).
   */
  isMobile: z._default(z.boolean(), () => MOBILE_USER_AGENT.test(globalThis.navigator?.userAgent ?? '')),
  /** Spec §2 embedded mode: the modal is inline in a host element (`mount()`), never an overlay. */
  embedded: z.optional(z.boolean()),
  /** spec §9 Defaults: each on unless the integrator set it false (absent counts as on). */
  enableWalletConnect: z.optional(z.boolean()),
  enableWalletGuide: z.optional(z.boolean()),
  enableWallets: z.optional(z.boolean()),
  customWallets: Options.shape.customWallets,
  tokens: Options.shape.tokens,
  termsConditionsUrl: Options.shape.termsConditionsUrl,
  privacyPolicyUrl: Options.shape.privacyPolicyUrl,
  /**
   * Spec §4 wallet sign-in, as the integrator gave it (the SDK refuses both): `siwe` signs in through
   * the ConnectingSiwe view, `siwx` through SIWXSignMessage; the flow is the same.
   */
  siwx: Options.shape.siwx,
  siwe: Options.shape.siwe,
  /** The top-level `analytics` option: overrides `features.analytics` when given. */
  analytics: Options.shape.analytics,
  /** `setAnalyticsConsent()` called before the frame was made (with `features.analytics: 'consent'`). */
  analyticsConsent: z.optional(z.boolean()),
  /** The integrator's `locale` option; absent, the modal follows the browser (which it shares). */
  locale: Options.shape.locale,
})
export type ModalInit = z.infer<typeof ModalInitSchema>
/** The init as the SDK sends it: the defaulted fields may be left out. */
export type ModalInitInput = z.input<typeof ModalInitSchema>

export { AddressSchema }
