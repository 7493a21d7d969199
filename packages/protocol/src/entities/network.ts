import * as z from 'zod/mini'
import { CAIP2_PATTERN } from '../caip.ts'

const httpUrl = z.string().check(z.maxLength(2048), z.regex(/^(https?|wss?):\/\/[^\s]+$/))

export const NativeCurrencySchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  symbol: z.string().check(z.minLength(1), z.maxLength(16)),
  decimals: z.number().check(z.int(), z.minimum(0), z.maximum(36)),
})

const BlockExplorersSchema = z.optional(
  z.object({ default: z.object({ name: z.string().check(z.maxLength(64)), url: httpUrl }) }),
)

/** spec §3 Network, as the SDK passes an EVM (eip155) network to the modal: a numeric chain id. */
export const NetworkSchema = z.object({
  id: z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
  caipNetworkId: z.string().check(z.regex(CAIP2_PATTERN)),
  chainNamespace: z.enum(['eip155', 'solana', 'polkadot', 'bip122']),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  nativeCurrency: NativeCurrencySchema,
  rpcUrls: z.object({ default: z.object({ http: z.array(httpUrl).check(z.minLength(1), z.maxLength(8)) }) }),
  blockExplorers: BlockExplorersSchema,
  testnet: z.optional(z.boolean()),
  imageUrl: z.optional(z.string().check(z.maxLength(100_000))),
})
export type Network = z.infer<typeof NetworkSchema>

/** The namespaces beside eip155 whose networks WalletFrame serves (issue 15): Solana and Bitcoin. */
export const NamespaceSchema = z.enum(['solana', 'bip122'])
export type Namespace = z.infer<typeof NamespaceSchema>

/**
 * spec §3 Network of another namespace: its `id` is the CAIP-2 reference (a Solana genesis-hash
 * prefix, a Bitcoin genesis-block prefix), a string. A Bitcoin network may name no JSON-RPC URL:
 * its wallets broadcast, and balances come from an Esplora API when one is configured.
 */
export const NamespaceNetworkSchema = z
  .object({
    id: z.string().check(z.regex(/^[-_a-zA-Z0-9]{1,32}$/)),
    caipNetworkId: z.string().check(z.regex(CAIP2_PATTERN)),
    chainNamespace: NamespaceSchema,
    name: z.string().check(z.minLength(1), z.maxLength(64)),
    nativeCurrency: NativeCurrencySchema,
    rpcUrls: z.object({ default: z.object({ http: z.array(httpUrl).check(z.maxLength(8)) }) }),
    blockExplorers: BlockExplorersSchema,
    testnet: z.optional(z.boolean()),
  })
  .check(
    z.refine((network) => network.caipNetworkId === `${network.chainNamespace}:${network.id}`, {
      message: "caipNetworkId must be the network's namespace and id",
    }),
  )
export type NamespaceNetwork = z.infer<typeof NamespaceNetworkSchema>

/**
 * Spec §3 "connected namespaces" (STORAGE_KEYS.connectedNamespaces): per connected namespace, the
 * connector and network that restore it after a reload. Kept in the host page: no address, nothing
 * secret; the modal reads it back through this schema.
 */
export const ConnectedNamespacesSchema = z.partialRecord(
  NamespaceSchema,
  z.object({
    connectorId: z.string().check(z.minLength(1), z.maxLength(128)),
    caipNetworkId: z.string().check(z.regex(CAIP2_PATTERN)),
  }),
)
export type ConnectedNamespaces = z.infer<typeof ConnectedNamespacesSchema>
