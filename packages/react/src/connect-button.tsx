'use client'
/**
 * `<ConnectButton />`: "Connect Wallet" while disconnected, the account's name or shortened address
 * once connected (spec §9: `0xf39F…b92266`); a click opens the modal (Connect or Account).
 * Unstyled: every button attribute (className, style …) is passed through.
 */
import { LIMITS } from '@walletframe/protocol/host'
import type { ButtonHTMLAttributes } from 'react'
import { useWalletFrame, useWalletFrameAccount } from './hooks.ts'

export interface ConnectButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** The label while disconnected; "Connect Wallet" by default (spec §8). */
  label?: string
  /** The label while connecting; "Connecting…" by default. */
  loadingLabel?: string
}

/** The first 4 and last 6 characters of an address, as the modal shows it. */
export function shortenAddress(address: string): string {
  const { addressHeadChars: head, addressTailChars: tail } = LIMITS
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`
}

export function ConnectButton({
  label = 'Connect Wallet',
  loadingLabel = 'Connecting…',
  onClick,
  ...rest
}: ConnectButtonProps) {
  const { open } = useWalletFrame()
  const account = useWalletFrameAccount()
  const text =
    account.isConnected && account.address
      ? (account.profileName ?? shortenAddress(account.address))
      : account.status === 'connecting'
        ? loadingLabel
        : label
  return (
    <button
      type="button"
      data-status={account.status}
      {...rest}
      onClick={(event) => {
        onClick?.(event)
        // A failure shows in the modal itself (its alerts); nothing to add in the page.
        if (!event.defaultPrevented) open().catch(() => {})
      }}
    >
      {text}
    </button>
  )
}
