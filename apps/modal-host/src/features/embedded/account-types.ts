/**
 * Which of the embedded user's two eip155 accounts is in use (spec §3 allAccounts,
 * preferredAccountTypes, smartAccountDeployed; §4 "Account type"): the EOA the key frame holds, or
 * the smart account it owns. The user's choice is kept per namespace in the host page; without one,
 * spec §9's default: the smart account where the network is smart-account-enabled (spec §7: the key
 * frame knows a bundler for it), else the EOA.
 */
import {
  FRAME_ERRORS,
  type FrameUser,
  STORAGE_KEYS,
  toWireError,
  WalletFrameError,
} from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type { AccountType, HostStorage, SessionState } from '../core/index.ts'
import { activeAddress, EMBEDDED_CONNECTOR_ID, isSessionRefused } from './auth-connector.ts'
import type { FrameMessenger } from './key-frame.machine.ts'
import type { EmbeddedState } from './state.ts'

type Preferences = Record<string, string>

const isPreferences = (value: unknown): value is Preferences =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((type) => typeof type === 'string')

const isAccountType = (value: unknown): value is AccountType => value === 'eoa' || value === 'smartAccount'

/** Spec §9 default account types: eip155 smartAccount (where the network has one), else eoa. */
export const defaultAccountType = (chainId: number, smartAccountNetworks: readonly number[]): AccountType =>
  smartAccountNetworks.includes(chainId) ? 'smartAccount' : 'eoa'

export function createAccountTypes(context: {
  storage: HostStorage
  store: Store<SessionState>
  /** The key frame's messenger, once it is ready. */
  frame(): Promise<FrameMessenger>
  log(message: string): void
}) {
  const { storage, store } = context
  const update = (patch: Partial<EmbeddedState>) =>
    store.set((state) => ({ embedded: { ...state.embedded, ...patch } }))
  /** The embedded wallet's account, when it is the connected one. */
  const embeddedAccount = () => {
    const { account } = store.get()
    return account.status === 'connected' && account.connectorId === EMBEDDED_CONNECTOR_ID
      ? account
      : undefined
  }
  /**
   * One exchange about the account type with the key frame at a time: a read started before a
   * switch would answer the old type after it, and set that type in the key frame again.
   */
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run)
    queue = next.catch(() => undefined)
    return next
  }
  /** The key frame's smart-account-enabled networks, once it answered (spec §7). */
  let smartAccountNetworks: readonly number[] | undefined

  const enabledNetworks = async (frame: FrameMessenger): Promise<readonly number[]> => {
    if (smartAccountNetworks) return smartAccountNetworks
    try {
      const answer = await frame.request('frame.getSmartAccountEnabledNetworks', {})
      smartAccountNetworks = answer.smartAccountEnabledNetworks
      return smartAccountNetworks
    } catch (error) {
      // A key frame without smart accounts: every network is an EOA's (spec §9).
      context.log(`smart-account networks unknown: ${toWireError(error).message}`)
      return []
    }
  }
  const stored = () => storage.getJson(STORAGE_KEYS.preferredAccountTypes, isPreferences) ?? {}
  /** The user's choice for eip155, if they made one. */
  const preferred = (): AccountType | undefined => {
    const type = stored().eip155
    return isAccountType(type) ? type : undefined
  }

  /**
   * The signed-in user with the preferred (or default) account type. A key frame that cannot give
   * the smart account here (no bundler for this network, not built) gives the EOA instead, with no
   * error for the user: the preference stays for the networks that have one.
   */
  const readUser = async (frame: FrameMessenger, chainId: number): Promise<FrameUser> => {
    const type = preferred() ?? defaultAccountType(chainId, await enabledNetworks(frame))
    if (type === 'smartAccount') {
      try {
        return await frame.request('frame.getUser', { chainId, preferredAccountType: type })
      } catch (error) {
        // A session the key server no longer has is the connector's to tell (spec §8 Session Expired).
        if (isSessionRefused(error)) throw error
        context.log(`smart account unavailable, using the EOA: ${toWireError(error).message}`)
      }
    }
    return frame.request('frame.getUser', { chainId, preferredAccountType: 'eoa' })
  }

  /**
   * Reads the user again: on another network the account type may differ (spec §9), and the smart
   * account's first transaction deploys it (spec §3 smartAccountDeployed).
   */
  const refresh = () => serial(readAgain)
  const readAgain = async () => {
    const account = embeddedAccount()
    if (!account?.chainId) return
    try {
      const user = await readUser(await context.frame(), account.chainId)
      update({ accounts: user.accounts, smartAccountDeployed: user.smartAccountDeployed })
      const now = embeddedAccount()
      const [address, type] = [activeAddress(user), user.preferredAccountType]
      if (now?.chainId === user.chainId && (now.address !== address || now.type !== type))
        store.set({ account: { ...now, address, type } })
    } catch (error) {
      context.log(`embedded user not read again: ${toWireError(error).message}`)
    }
  }

  return {
    readUser,
    refresh,
    /** The embedded account moved to another network: its type and deployment are read there. */
    accountChanged(prev: SessionState['account'], next: SessionState['account']) {
      const moved = prev.status === 'connected' && prev.chainId !== next.chainId
      if (moved && embeddedAccount()) void refresh()
    },
    /** Account view (spec §4 "Account type"): the key frame, the account shown and the host follow. */
    switchTo: (type: AccountType) => serial(() => switchAccount(type)),
  }

  async function switchAccount(type: AccountType) {
    const account = embeddedAccount()
    if (!account || account.type === type) return
    update({ accountSwitch: { busy: true } })
    try {
      const answer = await (await context.frame()).request('frame.setPreferredAccount', { type })
      if (answer.type !== type)
        throw new WalletFrameError(FRAME_ERRORS.featureNotEnabled, { details: `account type ${type}` })
      // Kept in the host page, so the next connect (and a reload) uses it (spec §4).
      storage.setJson(STORAGE_KEYS.preferredAccountTypes, { ...stored(), eip155: type })
      // The host's SDK hears accountsChanged from this change of the account (app/host-api.ts).
      store.set((state) => ({ account: { ...state.account, address: answer.address, type } }))
      update({ accountSwitch: undefined })
    } catch (error) {
      context.log(`account type not switched: ${toWireError(error).message}`)
      update({ accountSwitch: { busy: false, error: toWireError(error).message } })
    }
  }
}

export type AccountTypes = ReturnType<typeof createAccountTypes>
