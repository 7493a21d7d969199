import { EIP7702_DELEGATE_ADDRESS } from '@walletframe/protocol'
import { type Address, isAddressEqual } from 'viem'

/**
 * What an approval that upgrades the EOA tells the user before the vault signs an EIP-7702
 * authorization (issue 14 point 4): from then on the account runs other code at its address, so the
 * user is told so, and which code, before anything is signed.
 */
export interface Eip7702UpgradeDescription {
  /** The code the account will run: always the wallet's own delegate. */
  delegate: Address
  /** "This makes your account a smart account (EIP-7702) delegating to 0x…." */
  statement: string
  /** Set when the account delegates to other code now, which the upgrade replaces. */
  replaces?: { delegate: Address; statement: string }
}

/** A request description that may carry an upgrade (a batch sent from an EOA not yet delegated). */
export interface MayUpgradeEoa {
  eip7702Upgrade?: Eip7702UpgradeDescription
}

/** `current`: the account's delegation now (readDelegation), undefined for a plain EOA. */
export function describeEip7702Upgrade(current: Address | undefined): Eip7702UpgradeDescription {
  const delegate = EIP7702_DELEGATE_ADDRESS
  const replaced = current && !isAddressEqual(current, delegate) ? current : undefined
  return {
    delegate,
    statement: `This makes your account a smart account (EIP-7702) delegating to ${delegate}.`,
    ...(replaced && {
      replaces: {
        delegate: replaced,
        statement: `It replaces the account's delegation to ${replaced}, code this wallet does not know.`,
      },
    }),
  }
}
