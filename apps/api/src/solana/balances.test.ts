import { type Address, lamports } from '@solana/kit'
import { AccountState, getMintEncoder, getTokenEncoder } from '@solana-program/token'
import { type SolanaRpc, startSolanaRpc, TOKEN_2022_PROGRAM_ADDRESS } from '@walletframe/devnet'
import {
  BalanceResponseSchema,
  solana as mainnet,
  SOLANA_NATIVE_TOKEN_ADDRESS,
  solanaDevnet,
} from '@walletframe/protocol'
import { resolveStackConfig } from '@walletframe/stack'
import { freePort } from '@walletframe/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devPrices } from '../config.ts'
import type { RunningApi } from '../server.ts'
import { clientQuery, startTestApi } from '../test-support/api.ts'
import { resolveSolanaNetworks, SOLANA_LOCALNET_ID } from './config.ts'

let solana: SolanaRpc
let api: RunningApi

beforeAll(async () => {
  solana = await startSolanaRpc({ port: 0 })
  // The localnet on the real RPC, and a mainnet whose RPC does not answer (nothing listens there).
  const silent = `http://127.0.0.1:${await freePort()}`
  const networks = resolveSolanaNetworks(
    {
      WF_SOLANA_RPC_URLS: `${SOLANA_LOCALNET_ID}=${solana.url},${mainnet.caipNetworkId}=${silent}`,
    },
    resolveStackConfig({}),
    solana.fixtures,
    true,
  )
  api = await startTestApi(undefined, {}, { solanaNetworks: networks, prices: devPrices([], networks) })
}, 30_000)
afterAll(async () => {
  await api?.close()
  await solana?.close()
})

const get = async (path: string, extra: Record<string, string> = {}) => {
  const response = await api.app.request(`${path}?${clientQuery(extra)}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
const balances = async (owner: string, extra: Record<string, string> = {}) => {
  const { status, body } = await get(`/v1/account/${owner}/balance`, {
    chainId: SOLANA_LOCALNET_ID,
    ...extra,
  })
  expect(status, JSON.stringify(body)).toBe(200)
  return BalanceResponseSchema.parse(body).balances
}

/** Writes a Token-2022 mint the API has no metadata for, and a token account of `owner` holding `amount`. */
function unknownToken(owner: Address, mint: Address, account: Address, amount: bigint) {
  const write = (address: Address, data: Uint8Array) =>
    solana.chain.svm.setAccount({
      address,
      lamports: lamports(10_000_000n),
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      data,
      executable: false,
      space: BigInt(data.length),
    })
  const mintData = {
    mintAuthority: owner,
    supply: amount,
    decimals: 2,
    isInitialized: true,
    freezeAuthority: null,
  }
  write(mint, new Uint8Array(getMintEncoder().encode(mintData)))
  const token = getTokenEncoder().encode({
    mint,
    owner,
    amount,
    delegate: null,
    state: AccountState.Initialized,
    isNative: null,
    delegatedAmount: 0n,
    closeAuthority: null,
  })
  write(account, new Uint8Array(token))
}

describe('GET /v1/account/:address/balance for a Solana account', () => {
  it('answers SOL and the fixture dUSD from the local RPC, priced, with CAIP-10 addresses', async () => {
    const [holder] = solana.fixtures.accounts
    const list = await balances(holder!.address)
    expect(list).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: SOLANA_LOCALNET_ID,
        address: `${SOLANA_LOCALNET_ID}:${SOLANA_NATIVE_TOKEN_ADDRESS}`,
        value: 150_000,
        price: 150,
        quantity: { decimals: '9', numeric: '1000' },
        iconUrl: '',
      },
      {
        name: 'Devnet USD',
        symbol: 'dUSD',
        chainId: SOLANA_LOCALNET_ID,
        address: `${SOLANA_LOCALNET_ID}:${solana.fixtures.token.mint}`,
        value: 1000,
        price: 1,
        quantity: { decimals: '6', numeric: '1000' },
        iconUrl: '',
      },
    ])
  })

  it('follows the chain on a forced update, and shows an unknown Token-2022 mint by its address', async () => {
    const owner = 'Hk7zAqyoCSjkxkGNNa2ceVkWdNoCnRWHNQ6hCrcqd4yj' as Address
    expect(await balances(owner)).toEqual([
      expect.objectContaining({ symbol: 'SOL', quantity: { decimals: '9', numeric: '0' } }),
    ])

    const airdrop = await fetch(solana.url, {
      method: 'POST',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'requestAirdrop',
        params: [owner, 2_500_000_000],
      }),
    })
    expect((await airdrop.json()).result).toEqual(expect.any(String))
    const mint = '7o36UsWR1JQLpZ9PE2gn9L4SQ69CNNiWAXd4Jt7rqz9Z' as Address
    unknownToken(owner, mint, 'DShWnroshVbeUp28oopA3Pu7oFPDBtC1DBmPECXXAQ9n' as Address, 12_345n)

    // Cached for 30 s (spec §9) until forced.
    expect(await balances(owner)).toHaveLength(1)
    const fresh = await balances(owner, { forceUpdate: 'true' })
    expect(fresh[0]).toMatchObject({ symbol: 'SOL', quantity: { numeric: '2.5' }, value: 375 })
    expect(fresh[1]).toEqual({
      name: mint,
      symbol: '7o36…qz9Z',
      chainId: SOLANA_LOCALNET_ID,
      address: `${SOLANA_LOCALNET_ID}:${mint}`,
      value: 0,
      price: 0,
      quantity: { decimals: '2', numeric: '123.45' },
      iconUrl: '',
    })
  })

  it('refuses what does not fit, with typed errors', async () => {
    const owner = solana.fixtures.accounts[0]!.address
    const evm = '0x0000000000000000000000000000000000000001'
    const refusal = async (path: string, query: Record<string, string>) => (await get(path, query)).body.code
    expect(await refusal(`/v1/account/${evm}/balance`, { chainId: SOLANA_LOCALNET_ID })).toBe('INVALID_INPUT')
    expect(await refusal(`/v1/account/${owner}/balance`, { chainId: 'eip155:1' })).toBe('INVALID_INPUT')
    expect(await refusal(`/v1/account/${owner}/balance`, { chainId: solanaDevnet.caipNetworkId })).toBe(
      'UNSUPPORTED_CHAIN',
    )
    expect(await refusal(`/v1/account/${owner}/balance`, { forceUpdate: `eip155:1:${evm}` })).toBe(
      'INVALID_INPUT',
    )
    expect(await refusal(`/v1/account/not-an-address/balance`, {})).toBe('INVALID_INPUT')
    const down = await get(`/v1/account/${owner}/balance`, {
      chainId: mainnet.caipNetworkId,
    })
    expect(down).toMatchObject({ status: 503, body: { code: 'CHAIN_UNAVAILABLE' } })
  })

  it('answers a Solana history request with UNSUPPORTED_NAMESPACE (spec §6: activity on eip155 only)', async () => {
    const owner = solana.fixtures.accounts[0]!.address
    const { status, body } = await get(`/v1/account/${owner}/history`)
    expect(status).toBe(400)
    expect(body).toEqual({
      code: 'UNSUPPORTED_NAMESPACE',
      message: 'Transaction history is served for eip155 accounts only',
    })
    const evm = '0x0000000000000000000000000000000000000001'
    expect((await get(`/v1/account/${evm}/history`, { chainId: SOLANA_LOCALNET_ID })).body.code).toBe(
      'UNSUPPORTED_NAMESPACE',
    )
  })
})
