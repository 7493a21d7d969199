/**
 * Which side may send each method, whether it is a request or an event, and its deadline.
 * Plain data (no zod) so that the host SDK can use it without the validator runtime;
 * `methods.ts` holds the zod shapes for the same names and a test keeps both tables in step.
 */
import { HTTP_TIMEOUT_MS, NESTED_DEADLINE_MARGIN_MS, USER_ACTION_TIMEOUT_MS } from './constants.ts'

/**
 * `toChild`: sent by the frame that made the other's iframe (here the host SDK), handled in the
 * child (here the modal). `toParent`: the reverse. Every channel's table uses these two.
 */
export type Direction = 'toChild' | 'toParent'

export interface MethodMeta {
  direction: Direction
  kind: 'request' | 'event'
  /** Deadline of a request; events have none. */
  timeoutMs?: number
}

/*
 * Entries made by these rather than written out: the table ships in the host SDK, which is at its
 * size budget, and a call is shorter than an object literal once minified.
 */
const toModalRequest = (timeoutMs: number) => ({ direction: 'toChild', kind: 'request', timeoutMs }) as const
const toHostRequest = (timeoutMs: number) => ({ direction: 'toParent', kind: 'request', timeoutMs }) as const
const toModalEvent = { direction: 'toChild', kind: 'event' } as const
const toHostEvent = { direction: 'toParent', kind: 'event' } as const

export const METHOD_META = {
  // host → modal requests
  'modal.open': toModalRequest(HTTP_TIMEOUT_MS),
  'modal.close': toModalRequest(HTTP_TIMEOUT_MS),
  'wallet.connect': toModalRequest(USER_ACTION_TIMEOUT_MS),
  'wallet.disconnect': toModalRequest(HTTP_TIMEOUT_MS),
  'rpc.request': toModalRequest(USER_ACTION_TIMEOUT_MS),
  'network.switch': toModalRequest(USER_ACTION_TIMEOUT_MS),
  'theme.set': toModalRequest(HTTP_TIMEOUT_MS),
  // Spec §4 wallet sign-in: the dapp signs the user out (the session is revoked at the data API).
  'siwx.signOut': toModalRequest(HTTP_TIMEOUT_MS),
  // Headless mode: the wallets the Connect view would show (`listWallets()`); the registry's are
  // fetched first, hence the HTTP deadline.
  'wallet.list': toModalRequest(HTTP_TIMEOUT_MS),
  // Analytics consent (`setAnalyticsConsent()`, option `features.analytics: 'consent'`).
  'analytics.consent': toModalRequest(HTTP_TIMEOUT_MS),
  // An SDK adapter's (issue 15): connect, disconnect one namespace.
  'namespace.connect': toModalRequest(USER_ACTION_TIMEOUT_MS),
  'namespace.disconnect': toModalRequest(HTTP_TIMEOUT_MS),
  // host → modal events
  'host.wallets': toModalEvent,
  'host.walletEvent': toModalEvent,
  'host.transactionSent': toModalEvent,
  // modal → host requests
  'host.walletRequest': toHostRequest(USER_ACTION_TIMEOUT_MS - NESTED_DEADLINE_MARGIN_MS),
  // modal → host events
  'modal.state': toHostEvent,
  // The modal's document is going away (a reload or navigation of the frame): the host rejects
  // what is in flight at once (4900), not at the next document's handshake (issue 10).
  'modal.unloading': toHostEvent,
  'account.changed': toHostEvent,
  // A solana or bip122 connection changed (eip155's is account.changed).
  'namespace.account': toHostEvent,
  'provider.event': toHostEvent,
  // modal → host request: the SDK answers whether the page stored it (issue 10: never lost silently)
  'storage.set': toHostRequest(HTTP_TIMEOUT_MS),
  'storage.remove': toHostEvent,
  // A line of the modal's log, kept by the SDK for `getLogs()` (spec §9 log buffer).
  'modal.log': toHostEvent,
  // Mobile WalletConnect (spec §3 "deep-link choice"): the page opens the chosen wallet's app for a
  // request; only the top page can (a frame may not navigate it without a click of its own).
  'wallet.openDeepLink': toHostEvent,
  // The sign-in session changed (signed in, signed out, no longer valid): the SDK tells the dapp.
  'siwx.session': toHostEvent,
} as const satisfies Record<string, MethodMeta>

/**
 * Requests whose modal handler makes another cross-frame request and waits for it: the inner's
 * deadline is shorter than the outer's, and the handler passes its cancel signal on to the inner.
 */
export const NESTED_REQUESTS: readonly {
  outer: MethodsOf<'toChild', 'request'>
  inner: MethodsOf<'toParent', 'request'>
}[] = [
  { outer: 'wallet.connect', inner: 'host.walletRequest' },
  { outer: 'network.switch', inner: 'host.walletRequest' },
  { outer: 'rpc.request', inner: 'host.walletRequest' },
  { outer: 'namespace.connect', inner: 'host.walletRequest' },
]

/**
 * The methods only an SDK adapter (`@walletframe/sdk/solana`, `/bitcoin`) sends or receives: what
 * the host receives of them is checked by NAMESPACE_CHECKS, which ships with the adapters, so that
 * the core SDK carries none of it (its size budget).
 */
export const ADAPTER_METHODS: readonly MethodName[] = [
  'namespace.connect',
  'namespace.disconnect',
  'namespace.account',
]

export type MethodName = keyof typeof METHOD_META
export const METHOD_NAMES = /* @__PURE__ */ Object.keys(METHOD_META) as MethodName[]

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

/**
 * ERC-7715 permission methods (issue 14 point 3): the spec's older names (§6 `wallet_grantPermissions`,
 * `wallet_revokePermissions`) and the current ones. An injected or WalletConnect wallet gets them as
 * they are; the embedded wallet refuses them (4200), since no session-key validator exists for its
 * accounts to enforce a permission's limits on chain.
 */
export const ERC7715_RPC_METHODS: readonly string[] = [
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_requestExecutionPermissions',
  'wallet_revokeExecutionPermission',
  'wallet_getSupportedExecutionPermissions',
  'wallet_getGrantedExecutionPermissions',
]

/**
 * Wallet methods (spec §5, §6): they reach the wallet, which asks the user for the unsafe ones.
 * Besides the spec's, EIP-5792 `wallet_showCallsStatus` and the current ERC-7715 names (issue 14).
 * A connected page wallet answers these itself: the SDK sends them straight to it; its accounts
 * come from the modal, which checked them when the wallet gave them (issue 10: a page wallet is any
 * script of the page), and reads go to the modal too, which answers them from the network the dapp
 * configured and refuses what no list allows.
 */
export const WALLET_RPC_METHODS: readonly string[] = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_getAssets',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_showCallsStatus',
  ...ERC7715_RPC_METHODS,
]

/**
 * Subscriptions (EIP-1193 `message` events of type `eth_subscription`): the SDK sends them to a
 * connected page wallet, which delivers the results as its own `message` events. The modal's wallets
 * (WalletConnect, the embedded one) read over HTTP and have none, so the modal allows neither.
 */
export const SUBSCRIPTION_RPC_METHODS: readonly string[] = ['eth_subscribe', 'eth_unsubscribe']

/** Wallet methods that only read: the wallet shows no prompt for them. */
export const WALLET_READ_METHODS: readonly string[] = [
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_getAssets',
  'wallet_getSupportedExecutionPermissions',
  'wallet_getGrantedExecutionPermissions',
]

/** Wallet methods that send a transaction: once one succeeds, the balance shown is stale. */
export const TRANSACTION_RPC_METHODS: readonly string[] = ['eth_sendTransaction', 'wallet_sendCalls']

let allowedRpcMethods: Set<string> | undefined

export function isAllowedRpcMethod(method: string): boolean {
  // Built on first use rather than at import, so that a bundle that never checks ships no list.
  allowedRpcMethods ??= new Set([...SAFE_RPC_METHODS, ...ACCOUNT_RPC_METHODS, ...WALLET_RPC_METHODS])
  return allowedRpcMethods.has(method)
}
