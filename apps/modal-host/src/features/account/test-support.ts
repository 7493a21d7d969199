/** Test support (used by co-located `*.test.ts` files only): account data over a fake API and wallet. */
import type { Network, TokenBalance, Transaction } from '@walletframe/protocol'
import { vi } from 'vitest'
import { createStore } from '../../ui/store.ts'
import type { ApiClient } from '../core/index.ts'
import { createHostStorage } from '../core/index.ts'
import { ACCOUNT_DATA_IDLE, type AccountDataState, createAccountData } from './account-data.ts'
import type { AssetWallet } from './tokens/wallet-assets.ts'

export const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
export const token: TokenBalance = {
  name: 'Devnet USD',
  symbol: 'dUSD',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3',
  value: 1100.5,
  price: 1,
  quantity: { decimals: '6', numeric: '1100.5' },
  iconUrl: '',
}

export const network = (id: number, testnet = false): Network => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name: `Chain ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } },
  testnet,
})

/** Account data on chain 31337 of ADDRESS; the API serves `served` (eip155:31337 by default). */
export function setupAccountData(
  options: { served?: string[]; networks?: Network[]; wallet?: AssetWallet; log?: (m: string) => void } = {},
) {
  const writes: Record<string, string> = {}
  const storage = createHostStorage(
    {},
    {
      set: (key, value) => {
        writes[key] = value
        return undefined
      },
      remove: (key) => delete writes[key],
    },
    () => undefined,
  )
  const store = createStore<{ accountData: AccountDataState }>({ accountData: ACCOUNT_DATA_IDLE })
  let account: { address: string; chainId: number } | undefined = { address: ADDRESS, chainId: 31337 }
  const networks = options.networks ?? [network(31337, true), network(31338, true)]
  const api = {
    supportedChains: vi.fn(async () => ({
      http: options.served ?? ['eip155:31337', 'eip155:31338'],
      ws: [],
    })),
    balance: vi.fn(async () => [token]),
    identity: vi.fn(async () => ({ name: 'alice.wf', avatar: null })),
    history: vi.fn(async () => ({ data: [] as Transaction[], next: null as string | null })),
  }
  const toast = vi.fn()
  const data = createAccountData({
    api: api as unknown as ApiClient,
    storage,
    store,
    current: () => account,
    network: (chainId) => networks.find((n) => n.id === chainId),
    wallet: () => options.wallet,
    toast,
    log: options.log ?? (() => undefined),
  })
  return {
    data,
    api,
    store,
    toast,
    writes,
    storage,
    switchTo: (next: typeof account) => {
      account = next
    },
  }
}
