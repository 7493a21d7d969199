/** The account feature's slice of the modal state and its intents (see core/session-api.ts). */
import type { ViewName, WalletFeature } from '@walletframe/protocol'
import type { MessageKey } from '../../ui/i18n/en.ts'
import type { IconName } from '../../ui/icons.tsx'
import type { ApiClient } from '../core/index.ts'
import type { AccountData, AccountDataState } from './account-data.ts'
import type { Delegation } from './delegation.ts'
import type { HeaderToken } from './header-token.ts'

/** A wallet feature's button on the Account view (spec §9 walletFeaturesOrder). */
export interface WalletFeatureButton {
  feature: WalletFeature
  /** The view the button opens. */
  view: ViewName
  /** Its catalogue key. */
  label: MessageKey
  icon: IconName
  /** Fetches the feature's chunk ahead of the click. */
  preload(): Promise<void>
}

export interface BalanceState {
  state: 'idle' | 'loading' | 'loaded' | 'error'
  /** The native balance (what Buy and Send weigh). */
  value?: bigint
  /** The token the header shows instead, when the integrator's `tokens` option names one (spec §3). */
  token?: HeaderToken
}

declare module '../core/session-api.ts' {
  interface SessionState {
    /** The native balance of the connected account, read from the network's RPC. */
    balance: BalanceState
    accountData: AccountDataState
    /** The connected EOA's EIP-7702 delegation, if its code is one (issue 14 point 4). */
    delegation?: Delegation
  }
  interface Session {
    copyAddress(): Promise<void>
    disconnect(): Promise<void>
    /** The data API client, when the deployment has one. */
    dataApi(): ApiClient | undefined
    /** Balances, identity and activity of the connected account (with a data API only). */
    accountData(): AccountData | undefined
    /** The wallet features offered, in order: each on by its option (spec §3, §9). */
    walletFeatures(): readonly WalletFeatureButton[]
    /** Reads the native balance, the token balances (fresh) and the newest activity again. */
    refreshAccount(): void
    /** Reads the connected EOA's code again, for its EIP-7702 delegation. */
    loadDelegation(): Promise<void>
  }
}
