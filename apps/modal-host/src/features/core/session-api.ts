/**
 * What views see of the modal: its state (a store of immutable snapshots) and the intents they may
 * send. Core fields are declared here; each feature declares its own slice of state and its own
 * intents by augmenting these interfaces in its `state.ts` (as hono's ContextVariableMap does), so
 * no feature imports another feature's types and `app/` implements the whole.
 */
import type {
  Alert,
  ConnectionStatus,
  FrameUser,
  ModalInit,
  Network,
  RecentWallet,
  SocialProvider,
  ThemeMode,
  ThemeVariables,
  TrackedEvent,
  ViewName,
  WalletDescriptor,
} from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'

/** Spec §3 allAccounts type, §4 "Account type": an externally owned account or a smart account. */
export type AccountType = FrameUser['preferredAccountType']

export interface AccountState {
  status: ConnectionStatus
  address?: string
  chainId?: number
  connectorId?: string
  /** Spec §3: the social login of an embedded account. */
  socialProvider?: SocialProvider
  /** Which of an embedded user's accounts this is (spec §3); unset for other wallets' accounts. */
  type?: AccountType
}

export interface SessionState {
  /** `waiting` until a host completes the handshake. */
  phase: 'waiting' | 'ready'
  alert?: Pick<Alert, 'title' | 'description'>
  init?: ModalInit
  open: boolean
  /** True during the close animation, after the router has closed. */
  closing: boolean
  shaking: boolean
  view: ViewName
  canGoBack: boolean
  account: AccountState
  /** The chain the modal works on: the connected chain, or the one picked while disconnected. */
  activeChainId: number
  wallets: WalletDescriptor[]
  recent: RecentWallet[]
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  /** The data API is configured: the Account tabs and the registry lists are shown. */
  dataAvailable: boolean
}

export interface Session {
  store: Store<SessionState>
  open(view?: ViewName): void
  close(): void
  back(): void
  push(view: ViewName): void
  /** Tells the host what is on screen, once it is painted. */
  reportRendered(): void
  networks(): Network[]
  activeNetwork(): Network | undefined
  findNetwork(chainId: number | undefined): Network | undefined
  /** Spec §7 `POST /e`: queues a tracking event; never waits (app/session-tracking.ts). */
  track(event: TrackedEvent): void
}
