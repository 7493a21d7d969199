/**
 * Test support (used by co-located `*.test.ts` files only): one bare anvil chain on a free port,
 * and vaults unlocked with its funded dev accounts.
 */
import { type Devnet, devnetAccounts, startDevnet } from '@walletframe/devnet'
import { freePort } from '@walletframe/testing'
import { hexToBytes } from 'viem'
import { createKeyVault, type KeyVault } from '../custody/index.ts'

export const TEST_CHAIN_ID = 31_337

export async function startTestChain(): Promise<{ devnet: Devnet; rpcUrl: string }> {
  const host = '127.0.0.1'
  const port = await freePort(host)
  const rpcUrl = `http://${host}:${port}`
  const devnet = await startDevnet(
    { host, chains: [{ chainId: TEST_CHAIN_ID, name: 'Secure Frame Test', port, rpcUrl }] },
    { fixtures: false },
  )
  return { devnet, rpcUrl }
}

/** A vault holding dev account `index`'s key (funded with 10,000 ETH on a fresh devnet). */
export function devAccountVault(index: number): KeyVault {
  const account = devnetAccounts()[index]!
  const vault = createKeyVault()
  vault.unlock(hexToBytes(account.privateKey), account.address)
  return vault
}
