import {
  type JsonRpcErrorObject,
  JsonRpcRequestSchema,
  type JsonRpcResponse,
  RPC_PROXY,
  RPC_PROXY_CONTENT_TYPES,
  RPC_PROXY_METHODS,
  RPC_PROXY_PATH,
  RPC_PROXY_REFUSALS,
  RpcProxyQuerySchema,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { BaseError, RpcRequestError } from 'viem'
import { type ApiContext, type ApiEnv, requestedChain } from '../context.ts'
import { ApiError } from '../errors.ts'
import { validQuery } from '../middleware/validate.ts'
import { createRpcUpstreams, type RpcUpstream } from './proxy.ts'

type Id = JsonRpcResponse['id']

const PROXIED = new Set(RPC_PROXY_METHODS)

/** Spec §7: `application/json`, or `text/plain` (a request a browser may send without a preflight). */
const rpcBody = [
  createMiddleware(async (c, next) => {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
    if (!type || !RPC_PROXY_CONTENT_TYPES.includes(type)) throw new ApiError('unsupportedMediaType')
    await next()
  }),
  bodyLimit({
    maxSize: RPC_PROXY.maxBodyBytes,
    onError: () => {
      throw new ApiError('payloadTooLarge')
    },
  }),
] as const

/**
 * `POST /v1?chainId=eip155:N&projectId=…` (spec §7 "JSON-RPC over HTTP"): a JSON-RPC request or a
 * batch of up to 1000, answered like a node answers it (HTTP 200, one answer per request, in
 * order, each with its own id) from the chain's upstream nodes (rpc/proxy.ts). The query, the body's
 * type and size, and the rate limits are refused in the API's `{ code, message }` shape; what is
 * wrong inside the JSON-RPC body is a JSON-RPC error, per request.
 */
export function rpcProxyRoute(context: ApiContext) {
  const upstreams = createRpcUpstreams(context.chains)
  return new Hono<ApiEnv>().post(RPC_PROXY_PATH, validQuery(RpcProxyQuerySchema), ...rpcBody, async (c) => {
    const chain = requestedChain(context, c.req.valid('query').chainId)
    const upstream = chain && upstreams(chain.config.chainId)
    if (!upstream) throw new ApiError('unsupportedChain')
    let body: unknown
    try {
      body = JSON.parse(await c.req.text())
    } catch {
      return c.json(refusal(null, RPC_PROXY_REFUSALS.parse))
    }
    if (!Array.isArray(body)) return c.json(await answer(upstream, body))
    if (body.length === 0) return c.json(refusal(null, RPC_PROXY_REFUSALS.emptyBatch))
    if (body.length > RPC_PROXY.batchSize) return c.json(refusal(null, RPC_PROXY_REFUSALS.batchTooLarge))
    return c.json(await Promise.all(body.map((entry) => answer(upstream, entry))))
  })
}

async function answer(upstream: RpcUpstream, entry: unknown): Promise<JsonRpcResponse> {
  const parsed = JsonRpcRequestSchema.safeParse(entry)
  if (!parsed.success || parsed.data.id === undefined) {
    return refusal(readableId(entry), RPC_PROXY_REFUSALS.invalidRequest)
  }
  const { id, method, params } = parsed.data
  if (!PROXIED.has(method)) return refusal(id, RPC_PROXY_REFUSALS.methodNotProxied)
  try {
    return { jsonrpc: '2.0', id, result: await upstream.request(method, params) }
  } catch (error) {
    return refusal(id, upstreamError(error))
  }
}

function refusal(id: Id, error: JsonRpcErrorObject): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error }
}

/** The id of a request that is otherwise invalid, when it is one a JSON-RPC id may be. */
function readableId(entry: unknown): Id {
  const parsed = JsonRpcRequestSchema.shape.id.safeParse((entry as { id?: unknown } | null)?.id)
  return parsed.success ? (parsed.data ?? null) : null
}

/**
 * A node's own JSON-RPC error goes back as the node sent it (a revert keeps its data); a failure of
 * every upstream (down, timed out after the retries) is an internal error naming no upstream.
 */
function upstreamError(error: unknown): JsonRpcErrorObject {
  const rpc = error instanceof BaseError ? error.walk((cause) => cause instanceof RpcRequestError) : null
  if (rpc instanceof RpcRequestError) {
    return { code: rpc.code, message: rpc.details, ...(rpc.data === undefined ? {} : { data: rpc.data }) }
  }
  console.error(`[api] ${RPC_PROXY_PATH}: ${error instanceof BaseError ? error.shortMessage : String(error)}`)
  return RPC_PROXY_REFUSALS.upstreamUnavailable
}
