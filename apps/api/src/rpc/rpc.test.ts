/**
 * Spec §7 "JSON-RPC over HTTP" and §9: `POST /v1?chainId=eip155:N&projectId=…` on each storage
 * backend against the test devnet: single requests and batches (up to 1000) as application/json
 * and text/plain, read methods only, and malformed input answered as JSON-RPC errors or the API's
 * 4xx shape, never a 500.
 */
import {
  API_ERROR_CODES,
  API_ERRORS,
  JsonRpcRequestSchema,
  RPC_PROXY,
  RPC_PROXY_PATH,
  RPC_PROXY_REFUSALS,
  RpcProxyQuerySchema,
} from '@walletframe/protocol'
import { fuzzRuns } from '@walletframe/protocol/fuzz'
import { expectTypedAnswer, type FuzzedRoute, fuzzedRequests } from '@walletframe/testing/fuzz'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clientQuery, freshAddress, TEST_BACKENDS, TEST_CLIENT, useTestApi } from '../test-support/api.ts'

const CHAIN = 'eip155:31337'

function post(body: string, type = 'application/json', query = clientQuery({ chainId: CHAIN })) {
  return {
    path: `${RPC_PROXY_PATH}?${query}`,
    init: { method: 'POST', headers: { 'content-type': type }, body },
  }
}

describe.each(TEST_BACKENDS)('the JSON-RPC endpoint on $name (spec §7)', (backend) => {
  const suite = useTestApi(backend)
  const call = async (body: unknown, type?: string) => {
    const { path, init } = post(typeof body === 'string' ? body : JSON.stringify(body), type)
    const { status, body: answer } = await suite.json(path, init)
    expect(status).toBe(200)
    return answer
  }

  it.each(['application/json', 'text/plain', 'text/plain;charset=UTF-8'])(
    'answers a read sent as %s with the node’s result and the request’s id',
    async (type) => {
      const answer = await call({ jsonrpc: '2.0', id: 'a-1', method: 'eth_chainId', params: [] }, type)
      expect(answer).toEqual({ jsonrpc: '2.0', id: 'a-1', result: '0x7a69' })
    },
  )

  it('answers a batch of 1000 (spec §9 batch size) in order, each with its own id', async () => {
    const funded = suite.devnet.devnet.accounts[0]!.address
    const empty = freshAddress()
    const batch = Array.from({ length: RPC_PROXY.batchSize }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'eth_getBalance',
      params: [i % 2 ? empty : funded, 'latest'],
    }))
    const answers = (await call(batch)) as Array<{ id: number; result: string }>
    expect(answers).toHaveLength(RPC_PROXY.batchSize)
    answers.forEach((answer, i) => {
      expect(answer.id).toBe(i)
      if (i % 2) expect(answer.result).toBe('0x0')
      else expect(BigInt(answer.result)).toBeGreaterThan(0n)
    })
  })

  it('refuses a batch over 1000 and an empty batch as JSON-RPC invalid requests', async () => {
    const entry = { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }
    expect(await call(Array.from({ length: RPC_PROXY.batchSize + 1 }, () => entry))).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: RPC_PROXY_REFUSALS.batchTooLarge,
    })
    expect(await call([])).toEqual({ jsonrpc: '2.0', id: null, error: RPC_PROXY_REFUSALS.emptyBatch })
  })

  it.each([
    'eth_sendTransaction',
    'personal_sign',
    'eth_sendRawTransaction',
    'eth_newFilter',
    'eth_accounts',
  ])('refuses %s: it proxies read methods only', async (method) => {
    expect(await call({ jsonrpc: '2.0', id: 7, method, params: [] })).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: RPC_PROXY_REFUSALS.methodNotProxied,
    })
  })

  it('answers each entry of a mixed batch on its own: invalid ones refused, the others read', async () => {
    const answers = await call([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '1.0', id: 2, method: 'eth_chainId' },
      { jsonrpc: '2.0', method: 'eth_chainId' },
      'junk',
      { jsonrpc: '2.0', id: 5, method: 'eth_getBalance', params: ['not an address', 'latest'] },
    ])
    expect(answers).toMatchObject([
      { id: 1, result: '0x7a69' },
      { id: 2, error: RPC_PROXY_REFUSALS.invalidRequest },
      { id: null, error: RPC_PROXY_REFUSALS.invalidRequest },
      { id: null, error: RPC_PROXY_REFUSALS.invalidRequest },
      // The node's own error goes back as the node sent it.
      { id: 5, error: { code: expect.any(Number), message: expect.any(String) } },
    ])
    const nodeError = (answers as Array<{ error: { code: number } }>)[4]!.error
    expect(nodeError.code).not.toBe(RPC_PROXY_REFUSALS.upstreamUnavailable.code)
  })

  it.each(['', '{', '{"jsonrpc":'])(
    'answers a body that is not JSON (%j) with a parse error',
    async (body) => {
      expect(await call(body)).toEqual({ jsonrpc: '2.0', id: null, error: RPC_PROXY_REFUSALS.parse })
    },
  )

  it('refuses an unserved chain, a missing chainId, another body type and a body too large as 4xx', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    const unserved = post(body, 'application/json', clientQuery({ chainId: 'eip155:1' }))
    await suite.expectClientError(unserved.path, unserved.init, API_ERRORS.unsupportedChain.code)
    const noChain = post(body, 'application/json', clientQuery())
    await suite.expectClientError(noChain.path, noChain.init, API_ERRORS.invalidInput.code)
    const form = post(body, 'application/x-www-form-urlencoded')
    await suite.expectClientError(form.path, form.init, API_ERRORS.unsupportedMediaType.code)
    const large = post(' '.repeat(RPC_PROXY.maxBodyBytes + 1))
    await suite.expectClientError(large.path, large.init, API_ERRORS.payloadTooLarge.code)
  })

  it('refuses a call without a project id like every other route', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    const { path, init } = post(body, 'application/json', `chainId=${CHAIN}`)
    await suite.expectClientError(path, init, API_ERRORS.projectIdMissing.code)
  })

  it('answers fuzzed requests on a served chain as JSON-RPC answers or typed 4xx, never a 500', async () => {
    const route: FuzzedRoute = {
      method: 'POST',
      path: RPC_PROXY_PATH,
      query: RpcProxyQuerySchema,
      body: JsonRpcRequestSchema,
    }
    await fc.assert(
      fc.asyncProperty(
        fuzzedRequests({ ...route, baseQuery: { ...TEST_CLIENT, chainId: CHAIN } }),
        async (request) => {
          const response = await suite.request(request.url, request)
          const refused = await expectTypedAnswer(response.clone(), API_ERROR_CODES)
          if (refused || response.status !== 200) return
          const answer = (await response.json()) as unknown
          for (const entry of Array.isArray(answer) ? answer : [answer]) {
            expect(entry).toMatchObject({ jsonrpc: '2.0' })
            expect('result' in entry !== 'error' in entry).toBe(true)
          }
        },
      ),
      { numRuns: fuzzRuns(100) },
    )
  })
})
