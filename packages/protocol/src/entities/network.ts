import * as z from 'zod/mini'
import { CAIP2_PATTERN } from '../caip.ts'

const httpUrl = z.string().check(z.maxLength(2048), z.regex(/^(https?|wss?):\/\/[^\s]+$/))

export const NativeCurrencySchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  symbol: z.string().check(z.minLength(1), z.maxLength(16)),
  decimals: z.number().check(z.int(), z.minimum(0), z.maximum(36)),
})

/** spec §3 Network, as the SDK passes it to the modal (eip155 for now). */
export const NetworkSchema = z.object({
  id: z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
  caipNetworkId: z.string().check(z.regex(CAIP2_PATTERN)),
  chainNamespace: z.enum(['eip155', 'solana', 'polkadot', 'bip122']),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  nativeCurrency: NativeCurrencySchema,
  rpcUrls: z.object({ default: z.object({ http: z.array(httpUrl).check(z.minLength(1), z.maxLength(8)) }) }),
  blockExplorers: z.optional(
    z.object({ default: z.object({ name: z.string().check(z.maxLength(64)), url: httpUrl }) }),
  ),
  testnet: z.optional(z.boolean()),
  imageUrl: z.optional(z.string().check(z.maxLength(100_000))),
})
export type Network = z.infer<typeof NetworkSchema>
