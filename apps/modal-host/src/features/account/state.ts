/** The account feature's slice of the modal state and its intents (see core/session-api.ts). */
import type { ApiClient } from '../core/index.ts'
import type { AccountData, AccountDataState } from './account-data.ts'

export interface BalanceState {
  state: 'idle' | 'loading' | 'loaded' | 'error'
  value?: bigint
}

declare module '../core/session-api.ts' {
  interface SessionState {
    /** The native balance of the connected account, read from the network's RPC. */
    balance: BalanceState
    accountData: AccountDataState
  }
  interface Session {
    copyAddress(): Promise<void>
    disconnect(): Promise<void>
    /** The data API client, when the deployment has one. */
    dataApi(): ApiClient | undefined
    /** Balances, identity and activity of the connected account (with a data API only). */
    accountData(): AccountData | undefined
  }
}
