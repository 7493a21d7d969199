/** The zod shapes of the modal ↔ key-frame methods (spec §7 "Embedded frame messages"). */
import * as z from 'zod/mini'
import { MAX_PROJECT_ID_LENGTH } from '../constants.ts'
import { AddressSchema } from '../entities/account.ts'
import { NativeCurrencySchema } from '../entities/network.ts'
import { MetadataSchema, SocialProviderSchema } from '../entities/options.ts'
import { ThemeModeSchema, ThemeVariablesSchema } from '../entities/theme.ts'
import { KeyServerEmailSchema, OtpSchema, WalletSolanaAddressSchema } from '../key-server/common.ts'
import type { FRAME_METHOD_META, FrameMethodName } from './frame-meta.ts'

const Empty = z.object({})
const Ok = z.null()
const ChainId = z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER))

/** Spec §5: e-mail fields must be valid e-mail format; the key server checks the same shape. */
export const EmailSchema = KeyServerEmailSchema
export const AccountTypeSchema = z.enum(['eoa', 'smartAccount'])
export type AccountType = z.infer<typeof AccountTypeSchema>

/** A network the key frame may sign for: only what it needs to reach the chain. */
export const FrameNetworkSchema = z.object({
  id: ChainId,
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  nativeCurrency: NativeCurrencySchema,
  rpcUrl: z.string().check(z.maxLength(2048), z.regex(/^https?:\/\/[^\s]+$/)),
  /** The deployment's ERC-4337 bundler here (bootstrap `bundlerUrls`): the smart account needs one. */
  bundlerUrl: z.optional(z.string().check(z.maxLength(2048), z.regex(/^https?:\/\/[^\s]+$/))),
})
export type FrameNetwork = z.infer<typeof FrameNetworkSchema>

/** CAIP-2 of a Solana network: `solana:` and the first 32 characters of its genesis hash (spec §3). */
export const SolanaCaipNetworkIdSchema = z.string().check(z.regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/))

/**
 * A Solana network the key frame may sign for (issue 15): what a send needs to reach it. The name
 * is shown in the approval.
 */
export const FrameSolanaNetworkSchema = z.object({
  caipNetworkId: SolanaCaipNetworkIdSchema,
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  rpcUrl: z.string().check(z.maxLength(2048), z.regex(/^https?:\/\/[^\s]+$/)),
})
export type FrameSolanaNetwork = z.infer<typeof FrameSolanaNetworkSchema>

/** What the modal tells the key frame in its hello. */
export const FrameInitSchema = z.object({
  projectId: z.string().check(z.minLength(1), z.maxLength(MAX_PROJECT_ID_LENGTH)),
  chainId: ChainId,
  networks: z.array(FrameNetworkSchema).check(z.minLength(1), z.maxLength(50)),
  /** The dapp's Solana networks; without them the Solana account signs but sends nowhere. */
  solanaNetworks: z.optional(z.array(FrameSolanaNetworkSchema).check(z.maxLength(10))),
  themeMode: ThemeModeSchema,
  themeVariables: ThemeVariablesSchema,
  metadata: z.optional(MetadataSchema),
})
export type FrameInit = z.infer<typeof FrameInitSchema>

/** A social login's user name (spec §3 "Embedded-wallet user" userName). */
export const SocialUserNameSchema = z.string().check(z.maxLength(100))

/** Spec §3 "Embedded-wallet user". */
export const FrameUserSchema = z.object({
  email: z.optional(EmailSchema),
  /** Spec §3 "social username": the provider's or Farcaster's name for a social login. */
  userName: z.optional(SocialUserNameSchema),
  socialProvider: z.optional(SocialProviderSchema),
  address: AddressSchema,
  chainId: ChainId,
  /**
   * The EVM accounts (no `namespace`, or 'eip155') and, last, the Solana account (spec §3 account
   * types: solana eoa; issue 15), derived from the same secret.
   */
  accounts: z
    .array(
      z.union([
        z.object({
          address: AddressSchema,
          type: AccountTypeSchema,
          namespace: z.optional(z.literal('eip155')),
        }),
        z.object({
          address: WalletSolanaAddressSchema,
          type: z.literal('eoa'),
          namespace: z.literal('solana'),
        }),
      ]),
    )
    .check(z.maxLength(8)),
  smartAccountDeployed: z.boolean(),
  preferredAccountType: AccountTypeSchema,
})
export type FrameUser = z.infer<typeof FrameUserSchema>

const RpcParams = z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]))

export const FRAME_METHOD_SCHEMAS = {
  'frame.switchNetwork': { params: z.object({ chainId: ChainId }), result: Ok },
  'frame.connectEmail': {
    params: z.object({ email: EmailSchema }),
    result: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
  },
  'frame.connectDevice': { params: Empty, result: Ok },
  /** `needsSetup`: a new user, whose wallet is made next (frame.setupWallet). */
  'frame.connectOtp': { params: z.object({ otp: OtpSchema }), result: z.object({ needsSetup: z.boolean() }) },
  'frame.setupWallet': { params: Empty, result: z.object({ address: AddressSchema }) },
  /**
   * CONNECT: signed in (a new user's wallet is made next when `needsSetup`); VERIFY_OTP: the verified
   * email belongs to an email wallet, so a code mailed there must confirm the link (frame.connectOtp).
   */
  'frame.connectSocial': {
    params: z.object({ uri: z.string().check(z.maxLength(4096)) }),
    result: z.object({
      action: z.enum(['CONNECT', 'VERIFY_OTP']),
      needsSetup: z.boolean(),
      userName: z.optional(SocialUserNameSchema),
      email: z.optional(EmailSchema),
    }),
  },
  'frame.getFarcasterUri': { params: Empty, result: z.object({ url: z.string().check(z.maxLength(4096)) }) },
  'frame.connectFarcaster': {
    params: Empty,
    result: z.object({ userName: SocialUserNameSchema, needsSetup: z.boolean() }),
  },
  'frame.getUser': {
    params: z.object({
      chainId: z.optional(ChainId),
      preferredAccountType: z.optional(AccountTypeSchema),
    }),
    result: FrameUserSchema,
  },
  'frame.getSocialRedirectUri': {
    params: z.object({ provider: SocialProviderSchema }),
    result: z.object({ uri: z.string().check(z.maxLength(4096)) }),
  },
  /**
   * The login window was cut off or closed: waits (long-polled) for the answer its callback page
   * left with the key server; the callback URL, as the window would have posted it.
   */
  'frame.awaitSocialAnswer': {
    params: Empty,
    result: z.object({ uri: z.string().check(z.maxLength(4096)) }),
  },
  'frame.signOut': { params: Empty, result: Ok },
  'frame.isConnected': {
    params: z.object({ token: z.optional(z.string().check(z.maxLength(4096))) }),
    result: z.object({ isConnected: z.boolean() }),
  },
  'frame.getChainId': { params: Empty, result: z.object({ chainId: ChainId }) },
  'frame.getSmartAccountEnabledNetworks': {
    params: Empty,
    result: z.object({ smartAccountEnabledNetworks: z.array(ChainId).check(z.maxLength(100)) }),
  },
  'frame.initSmartAccount': { params: Empty, result: Ok },
  'frame.setPreferredAccount': {
    params: z.object({ type: AccountTypeSchema }),
    result: z.object({ type: AccountTypeSchema, address: AddressSchema }),
  },
  'frame.rpcRequest': {
    params: z.object({
      method: z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9_]+$/)),
      params: RpcParams,
      /**
       * The Solana network a `solana_*` method is for (one of FrameInit.solanaNetworks); the first
       * of them when absent. EVM methods run on the current chain and ignore it.
       */
      caipNetworkId: z.optional(SolanaCaipNetworkIdSchema),
    }),
    result: z.unknown(),
  },
  'frame.updateEmail': {
    params: z.object({ email: EmailSchema }),
    result: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  },
  'frame.updateEmailPrimaryOtp': { params: z.object({ otp: OtpSchema }), result: Ok },
  'frame.updateEmailSecondaryOtp': {
    params: z.object({ otp: OtpSchema }),
    result: z.object({ newEmail: EmailSchema }),
  },
  'frame.syncTheme': {
    params: z.object({ themeMode: ThemeModeSchema, themeVariables: z.optional(ThemeVariablesSchema) }),
    result: Ok,
  },
  'frame.syncDappData': {
    params: z.object({
      metadata: z.optional(MetadataSchema),
      sdkVersion: z.string().check(z.maxLength(32)),
      sdkType: z.string().check(z.maxLength(32)),
      projectId: z.string().check(z.minLength(1), z.maxLength(MAX_PROJECT_ID_LENGTH)),
    }),
    result: Ok,
  },
  'frame.reload': { params: Empty, result: Ok },
} as const satisfies Record<FrameMethodName, { params: z.ZodMiniType; result?: z.ZodMiniType }>

type Schemas = typeof FRAME_METHOD_SCHEMAS

/** The key-frame channel as types, for `Messenger<'parent' | 'child', FrameChannel>`. */
export interface FrameChannel {
  meta: typeof FRAME_METHOD_META
  params: { [M in FrameMethodName]: z.infer<Schemas[M]['params']> }
  results: { [M in FrameMethodName]: z.infer<Schemas[M]['result']> }
}
export type FrameParams<M extends FrameMethodName> = FrameChannel['params'][M]
export type FrameResult<M extends FrameMethodName> = FrameChannel['results'][M]
