/** The session's view of a wallet a fresh login released (spec §7 "connect otp", "connect social"). */
import type { WalletShares } from '@walletframe/protocol'
import type { Address } from 'viem'
import type { KeyFrameContext } from '../state/frame-context.ts'

/** Its addresses, and what unlocks it after a reload (a passkey's sealed share, a key window). */
export const releasedWallet = (
  wallet: WalletShares | undefined,
): Pick<KeyFrameContext['session'], 'address' | 'solanaAddress' | 'unlock'> =>
  wallet
    ? {
        address: wallet.address as Address,
        ...(wallet.solanaAddress ? { solanaAddress: wallet.solanaAddress } : {}),
        unlock: { passkey: wallet.deviceShares.length > 0, keyWindow: wallet.deviceKeyIds.length > 0 },
      }
    : {}
