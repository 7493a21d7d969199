import { type Devnet, fixtureContracts } from '@walletframe/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRpcReader } from '../rpc/rpc-reader.ts'
import { startTestDevnet } from '../rpc/test-devnet.ts'
import { createHeaderTokens, decodeAbiString } from './header-token.ts'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startTestDevnet(1)
}, 120_000)
afterAll(() => devnet?.close())

describe('the Account header token (spec §3 Settings tokens)', () => {
  it('reads the configured ERC-20: symbol, decimals and the account’s balance, on real anvil', async () => {
    const chain = devnet.chains[0]!
    const network = {
      id: chain.chainId,
      caipNetworkId: `eip155:${chain.chainId}`,
      chainNamespace: 'eip155' as const,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }
    const dUsd = fixtureContracts().tokens.find((token) => token.symbol === 'dUSD')!
    const tokens = createHeaderTokens(createRpcReader(() => undefined))
    // spec §9 fixtures: account #0 holds 1100.5 dUSD (6 decimals).
    await expect(tokens.read(network, dUsd.address, devnet.accounts[0]!.address)).resolves.toEqual({
      symbol: 'dUSD',
      decimals: 6,
      value: 1_100_500_000n,
    })
  })

  it('decodes a bytes32 symbol as older tokens return it', () => {
    expect(decodeAbiString(`0x${'4d4b52'.padEnd(64, '0')}`)).toBe('MKR')
  })
})
