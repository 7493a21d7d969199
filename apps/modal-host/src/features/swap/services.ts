/**
 * What the Swap view needs of the session: the data API's convert routes, the connected account,
 * and the connected wallet to send through, whichever connector it is (spec §7): the page wallet
 * through the SDK, WalletConnect through sign-client, the embedded wallet through the key frame
 * (which shows ApproveTransaction over the Swap view).
 */
import {
  MODAL_ERRORS,
  type Network,
  type SwapTransaction,
  type TrackedEvent,
  WalletFrameError,
} from '@walletframe/protocol'
import type { AccountState, ApiClient, WalletConnector } from '../core/index.ts'
import { jsonRpc } from '../rpc/index.ts'
import type { SwapActor } from './use-swap.ts'

export interface SwapServices {
  api: ApiClient
  /** The connected account, or undefined. */
  account(): { address: string; chainId: number } | undefined
  /** Sends `tx` through the connected wallet and resolves once it is mined successfully. */
  send(tx: SwapTransaction): Promise<string>
  /** Reads the native balance again (when the view opens: the user is about to trade it). */
  refreshNative(): void
  /** After a swap: the native balance, and the token balances with the bought token read fresh. */
  refreshBalances(bought: string): void
  toast(variant: 'success' | 'error', message: string): void
  /** Spec §7 `POST /e`: a swap's start and outcome, tracked without amounts or addresses. */
  track(event: TrackedEvent): void
  /** The CAIP-2 id of the connected account's network, for the tracked events. */
  networkId(): string | undefined
  /**
   * The swap flow, made by `create` (use-swap.ts, in the view's chunk) on first use, started, and
   * kept while these services last.
   */
  flow(create: (services: SwapServices) => SwapActor): SwapActor
}

/** How often a sent transaction's receipt is asked for, and for how long (a block or two on a real chain). */
const RECEIPT_POLL_MS = 1_000
const RECEIPT_WAIT_MS = 3 * 60_000

const hex = (value: string) => `0x${BigInt(value).toString(16)}`

export function createSwapServices(context: {
  api: ApiClient
  account(): AccountState
  connector(): WalletConnector | undefined
  findNetwork(chainId: number | undefined): Network | undefined
  refreshNative(): void
  refreshTokens(forceUpdate: string): void
  toast(variant: 'success' | 'error', message: string): void
  track(event: TrackedEvent): void
  sleep?: (ms: number) => Promise<void>
}): SwapServices {
  const sleep = context.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const account = () => {
    const { status, address, chainId } = context.account()
    return status === 'connected' && address && chainId ? { address, chainId } : undefined
  }

  const receipt = async (rpcUrl: string, hash: string) => {
    for (let waited = 0; waited <= RECEIPT_WAIT_MS; waited += RECEIPT_POLL_MS) {
      const found = (await jsonRpc(rpcUrl, 'eth_getTransactionReceipt', [hash])) as { status?: string } | null
      if (found) return found
      await sleep(RECEIPT_POLL_MS)
    }
    throw new WalletFrameError(MODAL_ERRORS.httpTimeout, { details: `transaction ${hash} not mined` })
  }

  let flow: SwapActor | undefined
  const services: SwapServices = {
    api: context.api,
    account,
    async send(tx) {
      const connected = account()
      const connector = context.connector()
      const network = context.findNetwork(connected?.chainId)
      // Spec §8 'No ActiveCaipAddress found': the account went away (disconnected) before the swap.
      if (!connected || !connector || !network) throw new WalletFrameError(MODAL_ERRORS.noActiveAddress)
      const hash = String(
        await connector.request('eth_sendTransaction', [
          {
            from: connected.address,
            to: tx.to.split(':')[2],
            data: tx.data,
            value: hex(tx.value),
            gas: hex(tx.eip155.gas),
          },
        ]),
      )
      const mined = await receipt(network.rpcUrls.default.http[0]!, hash)
      if (mined.status !== '0x1')
        throw new WalletFrameError(MODAL_ERRORS.httpFailed, { details: `transaction ${hash} reverted` })
      return hash
    },
    refreshNative: context.refreshNative,
    refreshBalances(bought) {
      context.refreshNative()
      context.refreshTokens(bought)
    },
    toast: context.toast,
    track: context.track,
    networkId: () => context.findNetwork(account()?.chainId)?.caipNetworkId,
    flow(create) {
      flow ??= create(services).start()
      return flow
    },
  }
  return services
}
