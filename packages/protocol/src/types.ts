/** Types of the shapes, importable without the zod runtime. */

export type { HostChannel, Params, Result } from './channel/messenger-api.ts'
export type { AccountSnapshot, ConnectionStatus, ConnectResult } from './entities/account.ts'
export type { ModalInit, ModalInitInput } from './entities/init.ts'
export type { Namespace, NamespaceNetwork, Network } from './entities/network.ts'
export type {
  CustomWallet,
  Features,
  Metadata,
  TokensOption,
  WalletFrameOptionsData,
} from './entities/options.ts'
export type { SiwxOptions, SiwxStoredSession } from './entities/siwx.ts'
export type { ThemeMode, ThemeVariables } from './entities/theme.ts'
export type { ModalState, ViewName } from './entities/views.ts'
export type {
  ConnectorType,
  RecentWallet,
  WalletDescriptor,
  WalletListing,
  WalletNamespace,
} from './entities/wallet.ts'
export type { Envelope } from './envelope.ts'
export type { ParamsOf, ResultOf } from './methods.ts'
export type { BitcoinAddress, BitcoinPurpose, NamespaceAccount } from './namespaces/account.ts'
export type { Bip122RpcMethod, Bip122RpcParams, Bip122RpcResult } from './namespaces/bip122-rpc.ts'
export type { SolanaRpcMethod, SolanaRpcParams, SolanaRpcResult } from './namespaces/solana-rpc.ts'
