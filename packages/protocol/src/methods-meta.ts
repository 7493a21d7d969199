/**
 * Which side may send each method, whether it is a request or an event, and its deadline.
 * Plain data (no zod) so that the host SDK can use it without the validator runtime;
 * `methods.ts` holds the zod shapes for the same names and a test keeps both tables in step.
 */
import { TIME } from './constants.ts'

/** `toModal`: sent by the host SDK, handled in the modal. `toHost`: the reverse. */
export type Direction = 'toModal' | 'toHost'

export interface MethodMeta {
  direction: Direction
  kind: 'request' | 'event'
  /** Deadline of a request; events have none. */
  timeoutMs?: number
}

export const METHOD_META = {
  // host → modal requests
  'modal.open': { direction: 'toModal', kind: 'request', timeoutMs: TIME.httpTimeoutMs },
  'modal.close': { direction: 'toModal', kind: 'request', timeoutMs: TIME.httpTimeoutMs },
  'wallet.connect': { direction: 'toModal', kind: 'request', timeoutMs: TIME.userActionTimeoutMs },
  'wallet.disconnect': { direction: 'toModal', kind: 'request', timeoutMs: TIME.httpTimeoutMs },
  'rpc.request': { direction: 'toModal', kind: 'request', timeoutMs: TIME.userActionTimeoutMs },
  'network.switch': { direction: 'toModal', kind: 'request', timeoutMs: TIME.userActionTimeoutMs },
  'theme.set': { direction: 'toModal', kind: 'request', timeoutMs: TIME.httpTimeoutMs },
  // host → modal events
  'host.wallets': { direction: 'toModal', kind: 'event' },
  'host.walletEvent': { direction: 'toModal', kind: 'event' },
  // modal → host requests
  'host.walletRequest': { direction: 'toHost', kind: 'request', timeoutMs: TIME.userActionTimeoutMs },
  // modal → host events
  'modal.state': { direction: 'toHost', kind: 'event' },
  'account.changed': { direction: 'toHost', kind: 'event' },
  'provider.event': { direction: 'toHost', kind: 'event' },
  'storage.set': { direction: 'toHost', kind: 'event' },
  'storage.remove': { direction: 'toHost', kind: 'event' },
} as const satisfies Record<string, MethodMeta>

export type MethodName = keyof typeof METHOD_META
export const METHOD_NAMES = Object.keys(METHOD_META) as MethodName[]

export function isMethodName(value: unknown): value is MethodName {
  return typeof value === 'string' && Object.hasOwn(METHOD_META, value)
}

export type MethodsOf<D extends Direction, K extends 'request' | 'event'> = {
  [M in MethodName]: (typeof METHOD_META)[M] extends { direction: D; kind: K } ? M : never
}[MethodName]

/** Read-only JSON-RPC methods (spec §5/§6): answered from the network's RPC, never gated. */
export const SAFE_RPC_METHODS: readonly string[] = [
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_version',
  'web3_clientVersion',
  'eth_sendRawTransaction',
]

/** Methods answered from the connected account itself. */
export const ACCOUNT_RPC_METHODS: readonly string[] = ['eth_accounts', 'eth_requestAccounts']

/** Unsafe methods (spec §6): they reach the wallet and need the user's approval there. */
export const WALLET_RPC_METHODS: readonly string[] = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_getAssets',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]

export function isAllowedRpcMethod(method: string): boolean {
  return (
    SAFE_RPC_METHODS.includes(method) ||
    ACCOUNT_RPC_METHODS.includes(method) ||
    WALLET_RPC_METHODS.includes(method)
  )
}
