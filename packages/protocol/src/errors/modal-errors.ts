import type { CatalogueEntry } from './catalogue.ts'

/** Errors the modal raises about the dapp's requests and the wallet's answers (spec §5, §8). */
export const MODAL_RPC_NOT_ALLOWED = {
  reason: 'RpcMethodNotAllowed',
  code: 4200,
  message: 'Requested RPC call is not allowed',
} as const satisfies CatalogueEntry
export const MODAL_CHAIN_NOT_SUPPORTED = {
  reason: 'ChainNotSupported',
  code: 4902,
  message: 'Chain is not supported',
} as const satisfies CatalogueEntry
export const MODAL_SWITCH_NETWORK_NOT_FOUND = {
  reason: 'SwitchNetworkNotFound',
  code: 4902,
  message: 'Network Not Found',
} as const satisfies CatalogueEntry
/** Spec §8 'Invalid chainId': a host request names a chain id that is not a positive safe integer. */
export const MODAL_INVALID_CHAIN_ID = {
  reason: 'InvalidChainId',
  code: -32602,
  message: 'Invalid chainId',
} as const satisfies CatalogueEntry
/** Spec §8 'No ActiveCaipAddress found': a wallet action (send, swap) with no connected account. */
export const MODAL_NO_ACTIVE_ADDRESS = {
  reason: 'NoActiveCaipAddress',
  code: 4100,
  message: 'No ActiveCaipAddress found',
} as const satisfies CatalogueEntry
/** Spec §8: the key server no longer honours the embedded wallet's session (expired, signed out). */
export const MODAL_EMBEDDED_SESSION_EXPIRED = {
  reason: 'EmbeddedSessionExpired',
  code: 4900,
  message: 'The embedded wallet session has expired',
} as const satisfies CatalogueEntry
/** Spec §8: the embedded wallet's user could not be read once its login finished (also disconnects). */
export const MODAL_AUTH_INIT_FAILED = {
  reason: 'AuthInitFailed',
  code: 4900,
  message: 'A problem occurred while trying initialize authentication',
} as const satisfies CatalogueEntry
export const MODAL_VIEW_NOT_OPENABLE = {
  reason: 'ViewNotOpenable',
  code: -32602,
  message: 'This view cannot be opened directly',
} as const satisfies CatalogueEntry
export const MODAL_UNSUPPORTED_NAMESPACE = {
  reason: 'UnsupportedNamespace',
  code: -32602,
  message: 'Unsupported namespace',
} as const satisfies CatalogueEntry
export const MODAL_WALLET_NOT_IN_PAGE = {
  reason: 'WalletNotInPage',
  code: -32001,
  message: 'No such wallet in the page',
} as const satisfies CatalogueEntry
export const MODAL_WALLET_BAD_CHAIN_ID = {
  reason: 'WalletBadChainId',
  code: -32000,
  message: 'The wallet sent a bad chain id',
} as const satisfies CatalogueEntry
/** An account that is not 0x and 20 bytes of hex, or mixed case without its EIP-55 checksum. */
export const MODAL_WALLET_BAD_ADDRESS = {
  reason: 'WalletBadAddress',
  code: -32000,
  message: 'The wallet sent a bad address',
} as const satisfies CatalogueEntry
/** A host storage entry beyond HOST_STORAGE_LIMITS: refused, nothing of it is kept. */
export const MODAL_STORAGE_TOO_LARGE = {
  reason: 'StorageEntryTooLarge',
  code: -32602,
  message: 'The entry is too large for the host page storage',
} as const satisfies CatalogueEntry
/** The host page refused the write (quota exceeded, storage blocked): the entry is not persisted. */
export const HOST_STORAGE_WRITE_FAILED = {
  reason: 'HostStorageWriteFailed',
  code: -32603,
  message: 'The host page could not store the entry',
} as const satisfies CatalogueEntry
export const MODAL_WALLET_NO_ACCOUNT = {
  reason: 'WalletNoAccount',
  code: -32002,
  message: 'The wallet returned no account',
} as const satisfies CatalogueEntry
/** An HTTP service (a chain's RPC, the data API) did not answer in time, or failed. */
export const MODAL_HTTP_TIMEOUT = {
  reason: 'HttpTimeout',
  code: -32002,
  message: 'The request took too long to respond.',
} as const satisfies CatalogueEntry
export const MODAL_HTTP_FAILED = {
  reason: 'HttpRequestFailed',
  code: -32002,
  message: 'HTTP request failed.',
} as const satisfies CatalogueEntry
/** Headless connect (`connect({ walletId })`): no wallet of `listWallets()` has this id. */
export const MODAL_UNKNOWN_WALLET = {
  reason: 'UnknownWallet',
  code: -32602,
  message: 'No such wallet: pass an id from listWallets()',
} as const satisfies CatalogueEntry
/** ERC-7846 `wallet_connect` with params outside its shape (the details say which). */
export const MODAL_INVALID_WALLET_CONNECT = {
  reason: 'InvalidWalletConnectParams',
  code: -32602,
  message: 'Invalid wallet_connect params',
} as const satisfies CatalogueEntry
export const MODAL_ERRORS = {
  rpcNotAllowed: MODAL_RPC_NOT_ALLOWED,
  chainNotSupported: MODAL_CHAIN_NOT_SUPPORTED,
  switchNetworkNotFound: MODAL_SWITCH_NETWORK_NOT_FOUND,
  invalidChainId: MODAL_INVALID_CHAIN_ID,
  noActiveAddress: MODAL_NO_ACTIVE_ADDRESS,
  embeddedSessionExpired: MODAL_EMBEDDED_SESSION_EXPIRED,
  authInitFailed: MODAL_AUTH_INIT_FAILED,
  viewNotOpenable: MODAL_VIEW_NOT_OPENABLE,
  unsupportedNamespace: MODAL_UNSUPPORTED_NAMESPACE,
  walletNotInPage: MODAL_WALLET_NOT_IN_PAGE,
  walletBadChainId: MODAL_WALLET_BAD_CHAIN_ID,
  walletBadAddress: MODAL_WALLET_BAD_ADDRESS,
  walletNoAccount: MODAL_WALLET_NO_ACCOUNT,
  storageTooLarge: MODAL_STORAGE_TOO_LARGE,
  hostStorageWriteFailed: HOST_STORAGE_WRITE_FAILED,
  httpTimeout: MODAL_HTTP_TIMEOUT,
  httpFailed: MODAL_HTTP_FAILED,
  unknownWallet: MODAL_UNKNOWN_WALLET,
  invalidWalletConnect: MODAL_INVALID_WALLET_CONNECT,
}
