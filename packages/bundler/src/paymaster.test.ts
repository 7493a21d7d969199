import { toHex, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { createPaymasterApp } from './paymaster.ts'

const ENTRY_POINT = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

// Requests that fail before any chain call: the RPC URL is never reached.
const app = createPaymasterApp({
  chainId: 31_337,
  rpcUrl: 'http://127.0.0.1:1',
  contracts: { entryPoint: ENTRY_POINT, verifyingPaymaster: zeroAddress },
})
const operation = {
  sender: zeroAddress,
  nonce: '0x0',
  callData: '0x',
  callGasLimit: '0x0',
  verificationGasLimit: '0x0',
  preVerificationGas: '0x0',
}

async function call(body: unknown) {
  const response = await app.request('/', { method: 'POST', body: JSON.stringify(body) })
  return (await response.json()) as {
    id: unknown
    result?: unknown
    error?: { code: number; message: string }
  }
}
const request = (method: string, params: unknown) => ({ jsonrpc: '2.0', id: 7, method, params })

describe('dev paymaster service (ERC-7677)', () => {
  it('gives stub data with the paymaster, its gas limits and a well-formed signature', async () => {
    const answer = await call(request('pm_getPaymasterStubData', [operation, ENTRY_POINT, toHex(31_337), {}]))
    expect(answer.id).toBe(7)
    expect(answer.result).toMatchObject({
      paymaster: zeroAddress,
      paymasterVerificationGasLimit: toHex(100_000),
      paymasterPostOpGasLimit: '0x0',
      isFinal: false,
    })
    // abi.encode(uint48, uint48) then a 65-byte signature.
    expect((answer.result as { paymasterData: string }).paymasterData).toMatch(/^0x[0-9a-f]{258}$/)
  })

  it.each([
    ['another entry point', [operation, zeroAddress, toHex(31_337)], /unsupported entryPoint/],
    ['another chain', [operation, ENTRY_POINT, '0x1'], /unsupported chainId 0x1/],
    [
      'a user operation without sender',
      [{ ...operation, sender: undefined }, ENTRY_POINT, '0x7a69'],
      /userOperation.sender must be a hex string/,
    ],
    [
      'a user operation with a bad nonce',
      [{ ...operation, nonce: 5 }, ENTRY_POINT, '0x7a69'],
      /userOperation.nonce must be a hex string/,
    ],
    ['missing params', [], /params must be/],
  ])('refuses %s with invalid params', async (_, params, message) => {
    const answer = await call(request('pm_getPaymasterData', params))
    expect(answer.error?.code).toBe(-32602)
    expect(answer.error?.message).toMatch(message)
  })

  it('answers unknown methods and non-JSON-RPC bodies with their standard errors', async () => {
    expect((await call(request('eth_sendUserOperation', []))).error?.code).toBe(-32601)
    expect((await call('not a request')).error?.code).toBe(-32600)
  })

  it('answers a browser page of another origin (the key frame calls it with fetch)', async () => {
    const preflight = await app.request('/', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5177',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i)
    const answer = await app.request('/', {
      method: 'POST',
      headers: { origin: 'http://localhost:5177' },
      body: JSON.stringify(request('nope', [])),
    })
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
  })
})
