import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Devnet } from '@walletframe/devnet'
import { WalletFrameError } from '@walletframe/protocol'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { jsonRpc } from './json-rpc.ts'
import { freePorts, startTestDevnet } from './test-devnet.ts'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('jsonRpc against an anvil node', () => {
  let devnet: Devnet | undefined
  const url = () => devnet!.chains[0]!.rpcUrl

  beforeAll(async () => {
    devnet = await startTestDevnet(1)
  }, 30_000)
  afterAll(async () => {
    await devnet?.close()
  })

  it("returns the node's result", async () => {
    await expect(jsonRpc(url(), 'eth_chainId', [])).resolves.toBe('0x7a69')
    // 10 000 ether, the devnet's funding of each account.
    await expect(jsonRpc(url(), 'eth_getBalance', [ALICE, 'latest'])).resolves.toBe('0x21e19e0c9bab2400000')
  })

  it("turns a JSON-RPC error into a WalletFrameError with the node's code", async () => {
    const failure = await jsonRpc(url(), 'foo_bar', []).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(WalletFrameError)
    expect(failure).toMatchObject({ code: -32601 })
  })
})

interface Received {
  at: number
  body: { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
}

/** A local HTTP endpoint; `reply` decides the answer to the n-th request (0-based). */
async function endpoint(
  reply: (attempt: number, response: ServerResponse, request: IncomingMessage) => void,
) {
  const received: Received[] = []
  const server = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => {
      raw += chunk
    })
    request.on('end', () => {
      received.push({ at: Date.now(), body: JSON.parse(raw) })
      reply(received.length - 1, response, request)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const json = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}
const result = (response: ServerResponse, id: unknown, value: unknown) =>
  json(response, 200, { jsonrpc: '2.0', id, result: value })

describe('jsonRpc over HTTP', () => {
  const servers: { close(): Promise<void> }[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()))
  })
  const serve = async (reply: Parameters<typeof endpoint>[0]) => {
    const server = await endpoint(reply)
    servers.push(server)
    return server
  }

  it('posts a JSON-RPC 2.0 request with the method and params', async () => {
    const server = await serve((_, response) => result(response, 1, '0x1'))

    await jsonRpc(server.url, 'eth_getBalance', [ALICE, 'latest'])

    expect(server.received[0]?.body).toMatchObject({
      jsonrpc: '2.0',
      method: 'eth_getBalance',
      params: [ALICE, 'latest'],
    })
  })

  it('retries on 503 and returns the result once the node answers', async () => {
    const server = await serve((attempt, response) =>
      attempt < 2 ? json(response, 503, { message: 'busy' }) : result(response, 1, '0x2a'),
    )

    await expect(jsonRpc(server.url, 'eth_blockNumber', [])).resolves.toBe('0x2a')
    expect(server.received).toHaveLength(3)
  })

  it('gives up with "HTTP request failed." after the configured retries', async () => {
    const server = await serve((_, response) => json(response, 503, { message: 'busy' }))

    await expect(jsonRpc(server.url, 'eth_blockNumber', [], { retries: 2 })).rejects.toMatchObject({
      message: 'HTTP request failed.',
    })
    expect(server.received).toHaveLength(3)
  })

  it('waits as long as Retry-After says before retrying', { timeout: 10_000 }, async () => {
    const server = await serve((attempt, response) =>
      attempt === 0 ? json(response, 429, {}, { 'retry-after': '1' }) : result(response, 1, '0x1'),
    )

    await expect(jsonRpc(server.url, 'eth_blockNumber', [])).resolves.toBe('0x1')
    expect(server.received).toHaveLength(2)
    // The default first backoff is 150 ms; Retry-After asks for a whole second.
    expect(server.received[1]!.at - server.received[0]!.at).toBeGreaterThanOrEqual(950)
  })

  it('does not retry a 400', async () => {
    const server = await serve((_, response) => json(response, 400, { message: 'bad request' }))

    const failure = await jsonRpc(server.url, 'eth_blockNumber', []).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(WalletFrameError)
    expect(failure).toMatchObject({ message: 'HTTP request failed.' })
    expect(server.received).toHaveLength(1)
  })

  it('retries a "limit exceeded" JSON-RPC error (-32005) but not "method not found"', async () => {
    const limited = await serve((attempt, response) =>
      attempt === 0
        ? json(response, 200, { jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'Limit exceeded' } })
        : result(response, 1, '0x5'),
    )
    await expect(jsonRpc(limited.url, 'eth_blockNumber', [])).resolves.toBe('0x5')
    expect(limited.received).toHaveLength(2)

    const missing = await serve((_, response) =>
      json(response, 200, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }),
    )
    await expect(jsonRpc(missing.url, 'foo_bar', [])).rejects.toMatchObject({
      code: -32601,
      message: 'Method not found',
    })
    expect(missing.received).toHaveLength(1)
  })

  it('times out with "The request took too long to respond."', async () => {
    const server = await serve(() => {
      // Never answers.
    })

    await expect(
      jsonRpc(server.url, 'eth_blockNumber', [], { timeoutMs: 50, retries: 0 }),
    ).rejects.toMatchObject({
      message: 'The request took too long to respond.',
    })
  })

  it('fails with "HTTP request failed." when nothing listens', async () => {
    const [port] = await freePorts(1)

    const failure = await jsonRpc(`http://127.0.0.1:${port}`, 'eth_blockNumber', [], { retries: 1 }).catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(WalletFrameError)
    expect(failure).toMatchObject({ message: 'HTTP request failed.' })
  })
})
