/**
 * Delivers bought crypto: a real transfer from a funded devnet account, so the wallet's history
 * (the API's indexer, the modal's Activity) shows it like any incoming payment. Transfers are made
 * one at a time: concurrent sends from one account would race for the same nonce.
 */
import { createWalletClient, type Hex, http, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export interface SandboxChain {
  /** The network id the sandbox's API uses (e.g. `walletframe-devnet-a`). */
  id: string
  name: string
  chainId: number
  rpcUrl: string
}

export interface Treasury {
  /** Sends `wei` to `to` on the network and waits for it to be mined; the transaction hash. */
  send(network: SandboxChain, to: Hex, wei: bigint): Promise<Hex>
}

/** Anvil mines at once; a chain that does not mine within this is down. */
const RECEIPT_TIMEOUT_MS = 20_000

export function createTreasury(privateKey: Hex): Treasury {
  const account = privateKeyToAccount(privateKey)
  let queue: Promise<unknown> = Promise.resolve()
  return {
    send(network, to, wei) {
      const run = async () => {
        const client = createWalletClient({
          account,
          chain: {
            id: network.chainId,
            name: network.name,
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: { default: { http: [network.rpcUrl] } },
          },
          transport: http(network.rpcUrl),
        }).extend(publicActions)
        const hash = await client.sendTransaction({ to, value: wei })
        const receipt = await client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS })
        if (receipt.status !== 'success') throw new Error(`transfer ${hash} reverted`)
        return hash
      }
      const result = queue.then(run, run)
      queue = result.catch(() => undefined)
      return result
    },
  }
}

/** The sandbox's network ids for the devnet's chains: `devnet-<chain id>`. */
export function sandboxChainsOf(
  chains: ReadonlyArray<{ chainId: number; name: string; rpcUrl: string }>,
): SandboxChain[] {
  return chains.map((chain) => ({ id: `devnet-${chain.chainId}`, ...chain }))
}
