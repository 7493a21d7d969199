import { SOLANA_LOCALNET_GENESIS_HASH } from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_DEVNET_FUNDING_SOL, SOLANA_FIXTURE_ADDRESSES, SOLANA_FIXTURE_TOKEN } from './fixtures.ts'
import { type SolanaRpc, startSolanaRpc } from './server.ts'

let server: SolanaRpc

beforeAll(async () => {
  server = await startSolanaRpc({ port: 0 })
})
afterAll(() => server.close())

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { response, body: response.status === 204 ? undefined : await response.json() }
}

const call = async (method: string, params?: unknown[]) =>
  (await post({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) })).body

describe('the local Solana RPC over HTTP', () => {
  it('answers what @solana/kit and wallets ask about the chain', async () => {
    expect((await call('getGenesisHash')).result).toBe(SOLANA_LOCALNET_GENESIS_HASH)
    expect((await call('getHealth')).result).toBe('ok')
    expect((await call('getVersion')).result['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    const slot = (await call('getSlot')).result
    expect(slot).toBeGreaterThan(0)
    expect((await call('getBlockHeight')).result).toBe(slot)
    expect((await call('getEpochInfo')).result).toMatchObject({ absoluteSlot: slot, epoch: 0 })
    const { value } = (await call('getLatestBlockhash', [{ commitment: 'finalized' }])).result
    expect(value.lastValidBlockHeight).toBe(slot + 150)
    expect((await call('isBlockhashValid', [value.blockhash])).result.value).toBe(true)
    expect((await call('isBlockhashValid', ['11111111111111111111111111111111'])).result.value).toBe(false)
    expect((await call('getMinimumBalanceForRentExemption', [165])).result).toBe(2_039_280)
  })

  it('keeps the fixture addresses the docs name', () => {
    expect({
      mint: server.fixtures.token.mint,
      keys: server.fixtures.accounts.map((account) => account.address),
      faucet: server.fixtures.faucet,
    }).toEqual(SOLANA_FIXTURE_ADDRESSES)
  })

  it('serves the fixtures: funded keys, the dUSD mint and token accounts in base64 and jsonParsed', async () => {
    const [first] = server.fixtures.accounts
    const { mint } = server.fixtures.token
    expect((await call('getBalance', [first!.address])).result.value).toBe(
      Number(SOLANA_DEVNET_FUNDING_SOL) * 1e9,
    )

    const raw = (await call('getAccountInfo', [mint, { encoding: 'base64' }])).result.value
    expect(raw).toMatchObject({
      owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      space: 82,
      executable: false,
    })
    expect(Buffer.from(raw.data[0], 'base64')).toHaveLength(82)
    const parsed = (await call('getAccountInfo', [mint, { encoding: 'jsonParsed' }])).result.value.data
    expect(parsed).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: { decimals: SOLANA_FIXTURE_TOKEN.decimals, mintAuthority: first!.address },
      },
    })
    expect(
      (await call('getAccountInfo', ['SysvarC1ock11111111111111111111111111111111'])).result.value.owner,
    ).toBe('Sysvar1111111111111111111111111111111111111')
    expect(
      (await call('getAccountInfo', [server.fixtures.faucet.replace(/.$/, '1')])).result.value,
    ).toBeNull()

    const byProgram = await call('getTokenAccountsByOwner', [
      first!.address,
      { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
      { encoding: 'jsonParsed' },
    ])
    expect(byProgram.result.value).toEqual([
      expect.objectContaining({
        pubkey: first!.tokenAccount,
        account: expect.objectContaining({
          data: expect.objectContaining({
            parsed: expect.objectContaining({
              info: expect.objectContaining({
                mint,
                tokenAmount: expect.objectContaining({ uiAmountString: '1000' }),
              }),
            }),
          }),
        }),
      }),
    ])
    const none = await call('getTokenAccountsByOwner', [
      first!.address,
      { programId: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' },
    ])
    expect(none.result.value).toEqual([])
    const multiple = await call('getMultipleAccounts', [[mint, first!.tokenAccount], { encoding: 'base64' }])
    expect(multiple.result.value.map((a: { space: number }) => a.space)).toEqual([82, 165])
  })

  it('refuses bad calls with JSON-RPC errors that say what is wrong', async () => {
    expect((await call('getBlock', [1])).error).toEqual({
      code: -32601,
      message: 'Method not found: getBlock',
    })
    expect((await call('getBalance', ['0xabc'])).error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('pubkey must be a base58 Solana address'),
    })
    expect(
      (await call('getBalance', [server.fixtures.faucet, { commitment: 'soon' }])).error.message,
    ).toMatch(/commitment must be one of processed, confirmed, finalized/)
    expect((await call('sendTransaction', ['AQID', { encoding: 'base64' }])).error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('failed to deserialize the transaction'),
    })
    expect((await call('getTokenAccountsByOwner', [server.fixtures.faucet, {}])).error.message).toMatch(
      /\{ mint \} or \{ programId \}/,
    )
    expect((await call('requestAirdrop', [server.fixtures.faucet, -1])).error.code).toBe(-32602)
    expect((await post('{"jsonrpc":"2.0",')).body.error.code).toBe(-32700)
    expect((await post({ id: 3, method: 'getSlot' })).body).toMatchObject({ id: 3, error: { code: -32600 } })
    expect((await call('getSignatureStatuses', [['unknown']])).result.value).toEqual([null])
    expect((await call('getTransaction', ['unknown'])).result).toBeNull()
  })

  it('answers a batch in order, and nothing for notifications', async () => {
    const { body } = await post([
      { jsonrpc: '2.0', id: 'a', method: 'getSlot' },
      { jsonrpc: '2.0', method: 'getHealth' },
      { jsonrpc: '2.0', id: 'b', method: 'nope' },
    ])
    expect(body.map((answer: { id: string }) => answer.id)).toEqual(['a', 'b'])
    expect(body[1].error.code).toBe(-32601)
    expect((await post([])).body.error.code).toBe(-32600)
    const notified = await post({ jsonrpc: '2.0', method: 'getSlot' })
    expect(notified.response.status).toBe(204)
  })

  it('lets a browser page call it (CORS, with the solana-client header kit sends)', async () => {
    const preflight = await fetch(server.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.2:5174',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,solana-client',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,solana-client')
    const { response } = await post(
      { jsonrpc: '2.0', id: 1, method: 'getSlot' },
      { origin: 'http://127.0.0.2:5174' },
    )
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })
})
