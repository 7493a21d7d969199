import { devnetAccounts } from '@walletframe/devnet'
import type { StackConfig } from '@walletframe/stack'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type TransactionReceipt,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

type DevnetChainConfig = StackConfig['devnet']['chains'][number]

function viemChain(chain: DevnetChainConfig) {
  return defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
}

/** A public client that polls fast: viem's default 4 s would dominate every wait on anvil. */
export function publicClient(chain: DevnetChainConfig) {
  return createPublicClient({ chain: viemChain(chain), transport: http(chain.rpcUrl), pollingInterval: 50 })
}

/** Sends `value` wei from dev account `from` and waits for the receipt. */
export async function sendEth(
  chain: DevnetChainConfig,
  from: number,
  to: Address,
  value: bigint,
): Promise<TransactionReceipt> {
  const account = privateKeyToAccount(devnetAccounts()[from]!.privateKey)
  const wallet = createWalletClient({ account, chain: viemChain(chain), transport: http(chain.rpcUrl) })
  const hash = await wallet.sendTransaction({ to, value })
  return publicClient(chain).waitForTransactionReceipt({ hash, pollingInterval: 20 })
}

/** A JSON-RPC call to anvil (anvil_setBalance and friends). */
export async function anvil(chain: DevnetChainConfig, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

export function toHexQuantity(value: bigint): Hex {
  return `0x${value.toString(16)}`
}
