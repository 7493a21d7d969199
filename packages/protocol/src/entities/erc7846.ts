/**
 * ERC-7846 `wallet_connect` (issue 13: connect and sign in with one request): its params as the
 * dapp sends them through the SDK, and the answer. Its `signInWithEthereum` capability asks for
 * an EIP-4361 message signed by the account just connected (siwx/message.ts writes it).
 */
import * as z from 'zod/mini'

/** EIP-4361: a nonce is at least 8 alphanumeric characters. */
const Nonce = z.string().check(z.regex(/^[A-Za-z0-9]{8,128}$/, 'must be 8 to 128 letters and digits'))
/** A chain id as EIP-1193 writes it (0x-hex), or a number, as viem's `connect` action passes it. */
const ChainId = z.union([
  z.string().check(z.regex(/^0x[0-9a-fA-F]{1,13}$/, 'must be a 0x-hex chain id')),
  z.number().check(z.int(), z.positive()),
])
const Timestamp = z.iso.datetime({ offset: true })

export const SignInWithEthereumRequestSchema = z.object({
  nonce: Nonce,
  chainId: ChainId,
  /** One line (EIP-4361 grammar). */
  statement: z.optional(z.string().check(z.maxLength(500), z.regex(/^[^\n]*$/, 'must be one line'))),
  issuedAt: z.optional(Timestamp),
  expirationTime: z.optional(Timestamp),
  notBefore: z.optional(Timestamp),
  requestId: z.optional(z.string().check(z.maxLength(200))),
  resources: z.optional(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(20))),
  /** The host page's authority and origin are the modal's to write: given, they must be those. */
  domain: z.optional(z.string().check(z.maxLength(300))),
  uri: z.optional(z.string().check(z.maxLength(2048))),
  version: z.optional(z.literal('1')),
})
export type SignInWithEthereumRequest = z.infer<typeof SignInWithEthereumRequestSchema>

/** `params`: none, or one object with the version and the capabilities asked for. */
export const WalletConnectParamsSchema = z.optional(
  z.tuple([
    z.optional(
      z.object({
        version: z.optional(z.string().check(z.maxLength(16))),
        capabilities: z.optional(z.record(z.string().check(z.maxLength(100)), z.unknown())),
      }),
    ),
  ]),
)

export interface WalletConnectResult {
  accounts: {
    address: `0x${string}`
    capabilities: { signInWithEthereum?: { message: string; signature: `0x${string}` } }
  }[]
}
