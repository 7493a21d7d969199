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
import type { AccountType, HostStorage } from '../core/index.ts'
import type { FrameMessenger } from './key-frame.machine.ts'

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

/** The address of the account of the user's preferred type (the key frame's `address` otherwise). */
export const activeAddress = (user: FrameUser): string =>
  user.accounts.find((account) => account.type === user.preferredAccountType)?.address ?? user.address

export function createAccountTypes(context: {
  storage: HostStorage
  /** A key-frame request refused for its session: the caller's to tell (spec §8 Session Expired). */
  isSessionRefused(error: unknown): boolean
  log(message: string): void
}) {
  const { storage } = context
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

  return {
    preferred,
    /**
     * The signed-in user with the preferred (or default) account type. A key frame that cannot give
     * the smart account here (no bundler for this network, not built) gives the EOA instead, with no
     * error for the user: the preference stays for the networks that have one.
     */
    async readUser(frame: FrameMessenger, chainId: number): Promise<FrameUser> {
      const type = preferred() ?? defaultAccountType(chainId, await enabledNetworks(frame))
      if (type === 'smartAccount') {
        try {
          return await frame.request('frame.getUser', { chainId, preferredAccountType: type })
        } catch (error) {
          if (context.isSessionRefused(error)) throw error
          context.log(`smart account unavailable, using the EOA: ${toWireError(error).message}`)
        }
      }
      return frame.request('frame.getUser', { chainId, preferredAccountType: 'eoa' })
    },
    /** The key frame switches its answers (eth_accounts, signing) to the account of `type`. */
    async switchTo(
      frame: FrameMessenger,
      type: AccountType,
    ): Promise<{ type: AccountType; address: string }> {
      const answer = await frame.request('frame.setPreferredAccount', { type })
      if (answer.type !== type)
        throw new WalletFrameError(FRAME_ERRORS.featureNotEnabled, { details: `account type ${type}` })
      // Kept in the host page, so the next connect (and a reload) uses it (spec §4).
      storage.setJson(STORAGE_KEYS.preferredAccountTypes, { ...stored(), eip155: type })
      return answer
    },
  }
}

export type AccountTypes = ReturnType<typeof createAccountTypes>
