import * as z from 'zod/mini'
import { HTTP_TIMEOUT_MS, LIMITS, TIME } from '../constants.ts'
import { SAFE_RPC_METHODS } from '../methods-meta.ts'
import { ApiClientQuerySchema, Eip155NetworkIdSchema } from './common.ts'

/**
 * The data API's per-chain JSON-RPC endpoint (spec §7 "JSON-RPC over HTTP"):
 * `POST /v1?chainId=eip155:N&projectId=…&st=…&sv=…`, a JSON-RPC 2.0 request or batch as an
 * `application/json` or `text/plain` body, proxied to the chain's configured upstream nodes.
 */
export const RPC_PROXY_PATH = '/v1'

/** Body types the endpoint reads (spec §7: "application/json (text/plain for some)"). */
export const RPC_PROXY_CONTENT_TYPES: readonly string[] = ['application/json', 'text/plain']

/**
 * The transport settings of spec §9, given to viem's `http` and `fallback` transports as they are.
 * The dedupe cache of 8192 entries is viem's own (its request cache has that size; not configurable).
 */
export const RPC_PROXY = {
  /** Spec §9 "Batch size 1000": the most requests in one batch, in and out. */
  batchSize: LIMITS.rpcBatchSize,
  /** Spec §7 "wait 0": a batch upstream gathers the calls of one tick. */
  batchWaitMs: 0,
  timeoutMs: HTTP_TIMEOUT_MS,
  retryCount: TIME.httpRetries,
  retryDelayMs: TIME.httpRetryDelayMs,
  /** Spec §9 fallback ranking. */
  rank: {
    intervalMs: 4_000,
    sampleCount: 10,
    pingTimeoutMs: 1_000,
    weights: { stability: 0.7, latency: 0.3 },
  },
  /** A full batch of eth_calls with their calldata; the API's other routes keep API_LIMITS.maxBodyBytes. */
  maxBodyBytes: 1024 * 1024,
} as const

/**
 * What the endpoint proxies: the read methods of SAFE_RPC_METHODS. Sending is left to the wallet
 * (eth_sendRawTransaction), and filters are left out because they live on one node while the
 * fallback may answer the next poll from another.
 */
const NOT_PROXIED: readonly string[] = [
  'eth_sendRawTransaction',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_newPendingTransactionFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
]
export const RPC_PROXY_METHODS: readonly string[] = SAFE_RPC_METHODS.filter(
  (method) => !NOT_PROXIED.includes(method),
)

export const RpcProxyQuerySchema = z.extend(ApiClientQuerySchema, { chainId: Eip155NetworkIdSchema })
export type RpcProxyQuery = z.infer<typeof RpcProxyQuerySchema>

const JsonRpcIdSchema = z.union([z.string().check(z.maxLength(LIMITS.maxIdLength)), z.number(), z.null()])

/** One JSON-RPC 2.0 request; `params` by position or by name. */
export const JsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.optional(JsonRpcIdSchema),
  method: z.string().check(z.minLength(1), z.maxLength(LIMITS.maxMethodLength)),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
})
export type JsonRpcRequest = z.infer<typeof JsonRpcRequestSchema>

export interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

/** One answer: `result` or `error`, with the request's id (null when it could not be read). */
export type JsonRpcResponse = { jsonrpc: '2.0'; id: string | number | null } & (
  | { result: unknown }
  | { error: JsonRpcErrorObject }
)

/**
 * Env variable listing a chain's upstream nodes, comma-separated, in the order ranking starts from:
 * `WF_API_RPC_UPSTREAMS_31337=http://a:8545,http://b:8545`. Unset: the chain's own RPC URL.
 */
export const rpcUpstreamsEnvName = (chainId: number) => `WF_API_RPC_UPSTREAMS_${chainId}`

/** The endpoint's own refusals, as JSON-RPC errors in the answer (HTTP 200, like any node). */
export const RPC_PROXY_REFUSALS = {
  methodNotProxied: {
    code: -32601,
    message: 'Method not available: this endpoint serves read methods only; send and sign through the wallet',
  },
  invalidRequest: { code: -32600, message: 'Invalid request: expected a JSON-RPC 2.0 request with an id' },
  emptyBatch: { code: -32600, message: 'Invalid request: empty batch' },
  batchTooLarge: {
    code: -32600,
    message: `Invalid request: a batch holds at most ${RPC_PROXY.batchSize} requests`,
  },
  parse: { code: -32700, message: 'Parse error: the body is not JSON' },
  upstreamUnavailable: { code: -32603, message: 'Internal error: no upstream node answered' },
} as const satisfies Record<string, JsonRpcErrorObject>
