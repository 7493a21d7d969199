/**
 * Spec §7 "JSON-RPC over HTTP": the modal's reads go through the data API's per-chain endpoint for
 * the networks the API serves (its supported-chains answer), and to the network's own RPC
 * otherwise: without a data API, for a network it does not serve, and for eth_sendRawTransaction,
 * which the endpoint does not proxy. The API here is a recording pass-through to anvil in the API's
 * URL shapes (apps/api/src/rpc tests the endpoint itself).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Devnet } from '@walletframe/devnet'
import { API_PATHS, type Network, RPC_PROXY_PATH } from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRpcReader, type RpcProxyApi } from './rpc-reader.ts'
import { startTestDevnet } from './test-devnet.ts'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('the modal’s JSON-RPC reads', () => {
  let devnet: Devnet
  let apiBase: string
  const apiCalls: string[] = []
  let supportedChainsAnswer = 200
  let close: () => Promise<void>

  beforeAll(async () => {
    devnet = await startTestDevnet(2)
    const server = createServer(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://api')
      apiCalls.push(`${request.method} ${url.pathname} ${url.searchParams.get('chainId') ?? ''}`.trim())
      if (url.pathname === API_PATHS.supportedChains) {
        response.writeHead(supportedChainsAnswer, { 'content-type': 'application/json' })
        return void response.end(JSON.stringify({ http: ['eip155:31337'], ws: [] }))
      }
      let body = ''
      for await (const chunk of request) body += chunk
      const chain = devnet.chains.find((c) => `eip155:${c.chainId}` === url.searchParams.get('chainId'))!
      const answer = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(await answer.text())
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => new Promise((resolve) => server.close(() => resolve()))
  }, 30_000)
  afterAll(async () => {
    await close?.()
    await devnet?.close()
  })

  const network = (index: number): Network => {
    const chain = devnet.chains[index]!
    return {
      id: chain.chainId,
      caipNetworkId: `eip155:${chain.chainId}`,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    } as Network
  }
  const api: RpcProxyApi = {
    supportedChains: async () => {
      const response = await fetch(`${apiBase}${API_PATHS.supportedChains}`)
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      return (await response.json()) as { http: string[] }
    },
    rpcUrl: (caipNetworkId) => `${apiBase}${RPC_PROXY_PATH}?chainId=${caipNetworkId}`,
  }
  const reset = () => apiCalls.splice(0)

  it('reads a network the API serves through its endpoint, asking supported-chains once', async () => {
    reset()
    const read = createRpcReader(() => api)
    await expect(read(network(0), 'eth_getBalance', [ALICE, 'latest'])).resolves.toBe('0x21e19e0c9bab2400000')
    await expect(read(network(0), 'eth_chainId', [])).resolves.toBe('0x7a69')
    expect(apiCalls).toEqual([
      `GET ${API_PATHS.supportedChains}`,
      `POST ${RPC_PROXY_PATH} eip155:31337`,
      `POST ${RPC_PROXY_PATH} eip155:31337`,
    ])
  })

  it('reads a network the API does not serve, and eth_sendRawTransaction, from the network’s RPC', async () => {
    reset()
    const read = createRpcReader(() => api)
    await expect(read(network(1), 'eth_chainId', [])).resolves.toBe('0x7a6a')
    // Not a transaction: the node refuses it, which shows where it went.
    await expect(read(network(0), 'eth_sendRawTransaction', ['0x00'])).rejects.toBeDefined()
    expect(apiCalls).toEqual([`GET ${API_PATHS.supportedChains}`])
  })

  it('reads from the network’s RPC without a data API', async () => {
    reset()
    const read = createRpcReader(() => undefined)
    await expect(read(network(0), 'eth_chainId', [])).resolves.toBe('0x7a69')
    expect(apiCalls).toEqual([])
  })

  it('reads from the network’s RPC while supported-chains fails, and asks again on the next read', async () => {
    reset()
    const logged: string[] = []
    const read = createRpcReader(() => api, { log: (message) => logged.push(message) })
    supportedChainsAnswer = 503
    await expect(read(network(0), 'eth_chainId', [])).resolves.toBe('0x7a69')
    expect(logged).toHaveLength(1)
    supportedChainsAnswer = 200
    await expect(read(network(0), 'eth_chainId', [])).resolves.toBe('0x7a69')
    expect(apiCalls).toEqual([
      `GET ${API_PATHS.supportedChains}`,
      `GET ${API_PATHS.supportedChains}`,
      `POST ${RPC_PROXY_PATH} eip155:31337`,
    ])
  })
})
