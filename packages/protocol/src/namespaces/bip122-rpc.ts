/**
 * The bip122 JSON-RPC vocabulary (WalletConnect's, issue 15), used on every hop like solana's.
 * `account` is the connected (payment) address; a message is text, a signature and a PSBT base64.
 */
import * as z from 'zod/mini'
import { BitcoinAddressSchema, NamespaceAddressSchema } from './account.ts'
import { BASE64_PATTERN } from './solana-rpc.ts'

const Base64 = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(BASE64_PATTERN))
/** A PSBT of a standard transaction (100 kvB) in base64, with room for its input data. */
const Psbt = Base64(400_000)

export const BIP122_RPC_SCHEMAS = {
  getAccountAddresses: {
    /**
     * Without `account`: a page wallet is asked to connect (its prompt) and gives its addresses.
     * `silent` (the modal restoring a connection after a reload): the addresses the wallet still
     * trusts the page with, never a prompt; none, `[]`.
     */
    params: z.object({ account: z.optional(NamespaceAddressSchema), silent: z.optional(z.boolean()) }),
    result: z.array(BitcoinAddressSchema).check(z.maxLength(8)),
  },
  signMessage: {
    params: z.object({
      account: NamespaceAddressSchema,
      message: z.string().check(z.maxLength(20_000)),
      /** The address that signs; the account's payment address when absent. */
      address: z.optional(NamespaceAddressSchema),
      /** BIP-322 "simple" by default; ecdsa: the legacy signed message. */
      protocol: z.optional(z.enum(['ecdsa', 'bip322'])),
    }),
    result: z.object({ address: NamespaceAddressSchema, signature: Base64(2_000) }),
  },
  signPsbt: {
    params: z.object({
      account: NamespaceAddressSchema,
      psbt: Psbt,
      signInputs: z.optional(
        z
          .array(
            z.object({
              address: NamespaceAddressSchema,
              index: z.number().check(z.int(), z.minimum(0), z.maximum(10_000)),
              sighashTypes: z.optional(z.array(z.number().check(z.int(), z.minimum(0), z.maximum(255)))),
            }),
          )
          .check(z.maxLength(1_000)),
      ),
      broadcast: z.optional(z.boolean()),
    }),
    result: z.object({
      psbt: Psbt,
      txid: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
    }),
  },
} as const

export type Bip122RpcMethod = keyof typeof BIP122_RPC_SCHEMAS
export const BIP122_RPC_METHODS = Object.keys(BIP122_RPC_SCHEMAS) as Bip122RpcMethod[]
export type Bip122RpcParams<M extends Bip122RpcMethod> = z.infer<(typeof BIP122_RPC_SCHEMAS)[M]['params']>
export type Bip122RpcResult<M extends Bip122RpcMethod> = z.infer<(typeof BIP122_RPC_SCHEMAS)[M]['result']>
