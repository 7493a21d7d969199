/** Everything the key frame's handlers share: the init from the modal, the session, the vault. */
import type { AccountType, FrameNetwork, FrameSolanaNetwork, SocialProvider } from '@walletframe/protocol'
import type { Address } from 'viem'
import type { KeyVault } from '../../custody/vault.ts'
import type { KeyServerClient } from '../key-server/key-server-client.ts'
import type { KeyWindowOpener } from '../key-window/open-key-window.ts'
import type { PasskeyDevice } from '../wallet/passkey-device.ts'
import type { DappData, ViewState } from './screens.ts'
import type { SentBatches } from './sent-batches.ts'
import type { Store } from './store.ts'

export interface KeyFrameContext {
  projectId: string
  /** FrameInit.networks: what the modal offers, of which only embedded-wallet chains are used. */
  networks: FrameNetwork[]
  /** FrameInit.solanaNetworks: where the Solana account may send (issue 15). */
  solanaNetworks: FrameSolanaNetwork[]
  chainId: number
  /** In memory only: known after an email code, a passkey, or asked of the server after a reload. */
  session: {
    email?: string
    /** A social or Farcaster login's name for the user, and which provider (spec §3). */
    userName?: string
    socialProvider?: SocialProvider
    address?: Address
    /**
     * The wallet's Solana address as the key server remembers it (derived from the same key:
     * custody/solana-key.ts); checked against the key when it is unlocked.
     */
    solanaAddress?: string
    /** What unlocks the wallet after a reload (the server's session answer); known before a click. */
    unlock?: { passkey: boolean; keyWindow: boolean }
  }
  /**
   * The account type the modal chose (frame.setPreferredAccount, frame.getUser; spec §4); until it
   * chooses, spec §9's default: the smart account where the network is smart-account-enabled.
   */
  preferredAccountType: AccountType | undefined
  /** The signed-in owner's smart account, once its address was asked of the factory (the same on every chain). */
  smartAccount: { owner: Address; address: Address } | undefined
  sentBatches: SentBatches
  dapp: DappData | undefined
  /** Made when the wallet chunk first loads (wallet/load-wallet.ts); holds the key once unlocked. */
  vault: KeyVault | undefined
  server: KeyServerClient
  passkeys: PasskeyDevice
  /** The modal's origin (the parent the key frame accepted): social login's callback posts there. */
  modalOrigin: string
  /** The social identity waiting for the email code that links it (frame.connectSocial → VERIFY_OTP). */
  socialLinkPending: boolean
  /** The open Sign In With Farcaster channel (frame.getFarcasterUri → frame.connectFarcaster). */
  farcasterChannel: string | undefined
  /** The state of the social login started last: a cut-off login window's answer is collected by it. */
  socialState: string | undefined
  /** Must be called in a click's handler, before any await (a popup needs the click's activation). */
  openKeyWindow: KeyWindowOpener
  view: Store<ViewState>
}
