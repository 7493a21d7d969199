/**
 * The solana JSON-RPC vocabulary (WalletConnect's, issue 15): one on every hop, SDK adapter ↔ modal ↔
 * key frame ↔ WalletConnect wallets. Spec §7 `solana_signMessage` carries the message in base58 (§9).
 * A transaction crosses as its wire bytes in base64, a signature in base58.
 */
import * as z from 'zod/mini'
import { NamespaceAddressSchema } from './account.ts'
import { solanaSendOptionsProblem } from './solana-send-options.ts'

export const BASE58_PATTERN = /^[1-9A-HJ-NP-Za-km-z]*$/
export const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/
/** A Solana transaction is at most 1232 bytes on the wire (the packet size): 1644 base64 characters. */
export const SOLANA_TRANSACTION_MAX_BYTES = 1232
const Transaction = z.string().check(z.minLength(4), z.maxLength(1644), z.regex(BASE64_PATTERN))
/** An ed25519 signature (64 bytes) in base58: 87 or 88 characters, fewer with leading zero bytes. */
const Signature = z.string().check(z.minLength(64), z.maxLength(88), z.regex(BASE58_PATTERN))
const Accounts = z.array(z.object({ pubkey: NamespaceAddressSchema })).check(z.maxLength(16))

export const SOLANA_RPC_SCHEMAS = {
  solana_getAccounts: { params: z.optional(z.unknown()), result: Accounts },
  solana_requestAccounts: { params: z.optional(z.unknown()), result: Accounts },
  solana_signMessage: {
    params: z.object({
      message: z.string().check(z.minLength(1), z.maxLength(20_000), z.regex(BASE58_PATTERN)),
      pubkey: NamespaceAddressSchema,
    }),
    result: z.object({ signature: Signature }),
  },
  solana_signTransaction: {
    params: z.object({ transaction: Transaction }),
    result: z.object({ signature: Signature, transaction: Transaction }),
  },
  solana_signAllTransactions: {
    params: z.object({ transactions: z.array(Transaction).check(z.minLength(1), z.maxLength(64)) }),
    result: z.object({ transactions: z.array(Transaction).check(z.maxLength(64)) }),
  },
  solana_signAndSendTransaction: {
    params: z.object({
      transaction: Transaction,
      // Spec §5: checked by the shared plain check, so the SDK (no zod) says the same.
      sendOptions: z.optional(
        z.unknown().check(z.refine((value) => solanaSendOptionsProblem(value) === undefined)),
      ),
    }),
    result: z.object({ signature: Signature }),
  },
} as const

export type SolanaRpcMethod = keyof typeof SOLANA_RPC_SCHEMAS
export const SOLANA_RPC_METHODS = Object.keys(SOLANA_RPC_SCHEMAS) as SolanaRpcMethod[]
export type SolanaRpcParams<M extends SolanaRpcMethod> = z.infer<(typeof SOLANA_RPC_SCHEMAS)[M]['params']>
export type SolanaRpcResult<M extends SolanaRpcMethod> = z.infer<(typeof SOLANA_RPC_SCHEMAS)[M]['result']>
