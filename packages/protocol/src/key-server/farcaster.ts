/**
 * Sign In With Farcaster (FIP-11) on the key server (docs/farcaster.md): the key frame opens a
 * relay channel and shows its `url` as a QR code and deep link; a Farcaster client (the phone) signs
 * an EIP-4361 message with the fid's custody key and posts it to the channel; the key frame
 * long-polls the channel until it completes, and gets a session. The relay is the key server's own,
 * following the conventions of Farcaster's AuthKit relay (channel token as a bearer token, the
 * `farcaster://connect` link and its query).
 */
import * as z from 'zod/mini'
import { KeyServerProjectIdSchema, WalletAddressSchema } from './common.ts'

export const SIWF = {
  /** The statement of every FIP-11 message, as Farcaster's clients write and check it. */
  statement: 'Farcaster Auth',
  /** FIP-11 messages name Optimism (10), where Farcaster's IdRegistry lives, whichever chain is read. */
  chainId: 10,
  /** The deep link a Farcaster client opens: the QR code's text is this with the channel's query. */
  connectUrl: 'farcaster://connect',
  /** The resource naming the fid that signs in: `farcaster://fid/{fid}`, exactly one per message. */
  fidResourcePrefix: 'farcaster://fid/',
  /** The optional resource naming the signer; only the custody key is accepted here. */
  custodySignerResource: 'farcaster://signer/type/custody',
  /** Prefix of a signer resource of any type (`authAddress` signers are refused). */
  signerResourcePrefix: 'farcaster://signer/type/',
} as const

export const FARCASTER_LIMITS = {
  /** Longest signed message accepted; a FIP-11 message is about 600 characters. */
  maxMessageLength: 4_096,
  /** Profile texts the client sends beside the message: only the username is kept. */
  maxProfileTextLength: 256,
} as const

/** The relay channel's token: 32 random bytes, base64url (the bearer token of the phone's post). */
export const FarcasterChannelTokenSchema = z
  .string('must be a string')
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a channel token'))

/** An fname (Farcaster's usernames): lower-case letters, digits and dashes, or an ENS name. */
export const FarcasterUsernameSchema = z
  .string('must be a string')
  .check(z.regex(/^[a-z0-9][a-z0-9-]{0,15}(\.eth)?$/, 'must be a Farcaster username'))

/** POST KEY_SERVER_PATHS.farcasterChannel ("get farcaster uri"): opens a channel for this browser. */
export const FarcasterChannelRequestSchema = z.object({ projectId: KeyServerProjectIdSchema })
export type FarcasterChannelRequest = z.input<typeof FarcasterChannelRequestSchema>

export const FarcasterChannelResponseSchema = z.object({
  channelToken: FarcasterChannelTokenSchema,
  /** `farcaster://connect?channelToken=…&nonce=…&siweUri=…&domain=…&notBefore=…&expirationTime=…` */
  url: z.string(),
  nonce: z.string(),
  /** ISO 8601; the channel, and any message signed for it, is refused from then on. */
  expiresAt: z.string(),
})
export type FarcasterChannelResponse = z.infer<typeof FarcasterChannelResponseSchema>

/** POST KEY_SERVER_PATHS.farcasterStatus ("connect farcaster"): long-polls the channel. */
export const FarcasterStatusRequestSchema = z.object({ channelToken: FarcasterChannelTokenSchema })
export type FarcasterStatusRequest = z.input<typeof FarcasterStatusRequestSchema>

export const FarcasterStatusResponseSchema = z.discriminatedUnion('state', [
  /** Nobody has signed yet: ask again (the channel lives until `expiresAt`). */
  z.object({ state: z.literal('pending') }),
  /** Signed and verified: the answer also set a fresh session cookie; the channel is used up. */
  z.object({
    state: z.literal('completed'),
    fid: z.number(),
    /** Spec §7 "connect farcaster" → userName. */
    userName: z.string(),
    isNewUser: z.boolean(),
    /** No wallet yet: the key frame sets one up next (frame.setupWallet). */
    needsSetup: z.boolean(),
    address: z.optional(z.string()),
  }),
])
export type FarcasterStatusResponse = z.infer<typeof FarcasterStatusResponseSchema>

/**
 * POST KEY_SERVER_PATHS.farcasterAuthenticate, from the Farcaster client, with
 * `Authorization: Bearer <channelToken>`: AuthKit's relay body. The profile fields are the client's
 * word; only the message and its signature are checked.
 */
export const FarcasterAuthenticateRequestSchema = z.object({
  message: z.string('must be a string').check(z.maxLength(FARCASTER_LIMITS.maxMessageLength, 'is too long')),
  /** A custody key is an EOA: a 65-byte secp256k1 signature. */
  signature: z
    .string('must be a string')
    .check(z.regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte hex signature')),
  fid: z.number('must be a number').check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
  username: z.optional(FarcasterUsernameSchema),
  displayName: z.optional(z.string().check(z.maxLength(FARCASTER_LIMITS.maxProfileTextLength))),
  bio: z.optional(z.string().check(z.maxLength(FARCASTER_LIMITS.maxProfileTextLength))),
  pfpUrl: z.optional(z.string().check(z.maxLength(FARCASTER_LIMITS.maxProfileTextLength))),
})
export type FarcasterAuthenticateRequest = z.input<typeof FarcasterAuthenticateRequestSchema>

export const FarcasterAuthenticateResponseSchema = z.object({
  state: z.literal('completed'),
  fid: z.number(),
  custody: WalletAddressSchema,
})
export type FarcasterAuthenticateResponse = z.infer<typeof FarcasterAuthenticateResponseSchema>
