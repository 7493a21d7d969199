import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { RPC_ERRORS, SOLANA_LOCALNET_GENESIS_HASH } from '@walletframe/protocol'
import { airdropFrom } from './airdrop.ts'
import { LocalSolanaChain } from './chain.ts'
import { RPC_ERROR_CODES, SolanaRpcError } from './errors.ts'
import { installSolanaFixtures, type SolanaFixtures } from './fixtures.ts'
import { failure, type RpcResponse, stringify } from './json.ts'
import { solanaFaucetKey } from './keys.ts'
import { accountMethods } from './methods-accounts.ts'
import { clusterMethods, SOLANA_RPC_API_VERSION } from './methods-cluster.ts'
import { transactionMethods } from './methods-transactions.ts'
import type { MethodContext, Methods } from './rpc-types.ts'
import { serveSubscriptions } from './subscriptions.ts'

/** Largest request body (a batch of transactions); a validator takes about as much. */
const MAX_BODY_BYTES = 1024 * 1024

export interface SolanaRpc {
  /** `http://host:port` */
  url: string
  /** `ws://host:port`: the PubSub (signature, slot and account subscriptions) on the same port. */
  subscriptionsUrl: string
  chain: LocalSolanaChain
  fixtures: SolanaFixtures
  close(): Promise<void>
}

export interface StartSolanaRpcOptions {
  host?: string
  /** 0 picks a free port. */
  port: number
}

/** Every method this RPC answers, by name. */
export async function solanaMethods(chain: LocalSolanaChain): Promise<Methods> {
  const faucet = (await solanaFaucetKey()).signer
  const context: MethodContext = {
    chain,
    context: () => ({ slot: chain.slot, apiVersion: SOLANA_RPC_API_VERSION }),
    airdrop: (to, lamports) => airdropFrom(chain, faucet, to, lamports),
    genesisHash: SOLANA_LOCALNET_GENESIS_HASH,
  }
  return { ...clusterMethods(context), ...accountMethods(context), ...transactionMethods(context) }
}

async function answer(methods: Methods, request: unknown): Promise<RpcResponse | undefined> {
  const call = request as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
  const id = call && typeof call === 'object' && 'id' in call ? call.id : null
  if (!call || typeof call !== 'object' || call.jsonrpc !== '2.0' || typeof call.method !== 'string')
    return failure(id, new SolanaRpcError(RPC_ERROR_CODES.invalidRequest, RPC_ERRORS.invalidRequest.message))
  const method = Object.hasOwn(methods, call.method) ? methods[call.method] : undefined
  let response: RpcResponse
  if (!method) {
    response = failure(
      id,
      new SolanaRpcError(
        RPC_ERROR_CODES.methodNotFound,
        `${RPC_ERRORS.methodNotFound.message}: ${call.method}`,
      ),
    )
  } else if (call.params !== undefined && !Array.isArray(call.params)) {
    response = failure(
      id,
      new SolanaRpcError(
        RPC_ERROR_CODES.invalidParams,
        `${RPC_ERRORS.invalidParams.message}: params must be an array`,
      ),
    )
  } else {
    try {
      response = { jsonrpc: '2.0', id, result: await method(call.params ?? []) }
    } catch (error) {
      const rpcError =
        error instanceof SolanaRpcError
          ? error
          : new SolanaRpcError(
              RPC_ERROR_CODES.internalError,
              `${RPC_ERRORS.internal.message}: ${(error as Error).message}`,
            )
      response = failure(id, rpcError)
    }
  }
  // A notification (no id) gets no answer (JSON-RPC 2.0 §4.1).
  return 'id' in call ? response : undefined
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) return undefined
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** CORS for any origin: the key frame and the modal call this RPC from the browser. */
function corsHeaders(request: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
    'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? 'content-type',
    'Access-Control-Max-Age': '600',
  }
}

export function solanaRpcHandler(methods: Methods) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const cors = corsHeaders(request)
    const send = (status: number, body: string, type = 'application/json') => {
      response.writeHead(status, { ...cors, 'Content-Type': type }).end(body)
    }
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end()
    if (request.method === 'GET' && request.url === '/health') return send(200, 'ok', 'text/plain')
    if (request.method !== 'POST') return send(405, stringify({ error: 'POST a JSON-RPC 2.0 request' }))
    const text = await readBody(request)
    if (text === undefined)
      return send(
        413,
        stringify(failure(null, new SolanaRpcError(RPC_ERROR_CODES.invalidRequest, 'Request too large'))),
      )
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return send(
        200,
        stringify(failure(null, new SolanaRpcError(RPC_ERROR_CODES.parseError, RPC_ERRORS.parse.message))),
      )
    }
    if (Array.isArray(body)) {
      if (body.length === 0)
        return send(
          200,
          stringify(failure(null, new SolanaRpcError(RPC_ERROR_CODES.invalidRequest, 'Empty batch'))),
        )
      // In order: a batch of transactions lands in the order it was sent.
      const answers: RpcResponse[] = []
      for (const request of body) {
        const one = await answer(methods, request)
        if (one) answers.push(one)
      }
      return answers.length ? send(200, stringify(answers)) : void response.writeHead(204, cors).end()
    }
    const one = await answer(methods, body)
    return one ? send(200, stringify(one)) : void response.writeHead(204, cors).end()
  }
}

/**
 * The local Solana JSON-RPC (litesvm) with its fixtures: funded test keys, the dUSD mint and token
 * accounts (fixtures.ts). Starts in a few tens of milliseconds.
 */
export async function startSolanaRpc(options: StartSolanaRpcOptions): Promise<SolanaRpc> {
  const chain = new LocalSolanaChain()
  const fixtures = await installSolanaFixtures(chain)
  const handler = solanaRpcHandler(await solanaMethods(chain))
  const server = createServer((request, response) => {
    handler(request, response).catch((error: unknown) => {
      response.destroy(error as Error)
    })
  })
  server.listen(options.port, options.host ?? '127.0.0.1')
  await once(server, 'listening')
  // After listening: a port in use rejects above rather than as an error event of the WebSocket server.
  const subscriptions = serveSubscriptions(server, chain)
  const { address, port } = server.address() as AddressInfo
  const host = address.includes(':') ? `[${address}]` : address
  let closing: Promise<void> | undefined
  return {
    url: `http://${host}:${port}`,
    subscriptionsUrl: `ws://${host}:${port}`,
    chain,
    fixtures,
    close: () => {
      closing ??= subscriptions.close().then(
        () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve())
            server.closeAllConnections()
          }),
      )
      return closing
    },
  }
}
