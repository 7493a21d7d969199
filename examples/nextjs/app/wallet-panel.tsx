'use client'
/**
 * The client side of the page: the Provider (one SDK instance, made in the browser) and what a
 * dapp does with it through the hooks: connect, show the account and network, sign a message and
 * send a transaction with viem over the WalletFrame EIP-1193 provider.
 */
import {
  ConnectButton,
  type EIP1193Provider,
  useWalletFrame,
  useWalletFrameAccount,
  useWalletFrameNetwork,
  useWalletFrameProvider,
  useWalletFrameState,
  type WalletFrameOptions,
  WalletFrameProvider,
} from '@walletframe/react'
import { useEffect, useState } from 'react'
import { type Address, createWalletClient, custom, parseEther } from 'viem'
import { MESSAGE } from './message.ts'

export function WalletPanel({ options }: { options: WalletFrameOptions }) {
  return (
    <WalletFrameProvider options={options}>
      <FollowSystemTheme />
      <section className="card">
        <ConnectButton className="connect" data-testid="connect-button" />
        <Account />
      </section>
      <Actions />
    </WalletFrameProvider>
  )
}

/** The modal in the page's colour scheme, following the system's as it changes (the SDK instance's own call). */
function FollowSystemTheme() {
  const { walletFrame } = useWalletFrame()
  useEffect(() => {
    if (!walletFrame) return
    const dark = window.matchMedia('(prefers-color-scheme: dark)')
    const follow = () => walletFrame.setThemeMode(dark.matches ? 'dark' : 'light').catch(() => {})
    follow()
    dark.addEventListener('change', follow)
    return () => dark.removeEventListener('change', follow)
  }, [walletFrame])
  return null
}

function Account() {
  const account = useWalletFrameAccount()
  const { caipNetworkId } = useWalletFrameNetwork()
  const modal = useWalletFrameState()
  return (
    <dl>
      <dt>Status</dt>
      <dd data-testid="status">{account.status}</dd>
      <dt>Address</dt>
      <dd data-testid="address">{account.address ?? '—'}</dd>
      <dt>Network</dt>
      <dd data-testid="network">{caipNetworkId ?? '—'}</dd>
      <dt>Modal</dt>
      <dd data-testid="modal-state">{modal.open ? `open on ${modal.view}` : 'closed'}</dd>
    </dl>
  )
}

type Outcome = { kind: 'signature' | 'transaction' | 'error'; text: string }
const OUTCOME_LABELS: Record<Outcome['kind'], string> = {
  signature: 'Signature',
  transaction: 'Transaction hash',
  error: 'Error',
}

function Actions() {
  const { isConnected, address } = useWalletFrameAccount()
  const { disconnect } = useWalletFrame()
  const provider = useWalletFrameProvider()
  const [outcome, setOutcome] = useState<Outcome>()
  if (!isConnected || !address || !provider) return null

  const run = (kind: Outcome['kind'], action: (wallet: Wallet) => Promise<string>) => async () => {
    setOutcome(undefined)
    try {
      setOutcome({ kind, text: await action(walletOf(provider, address)) })
    } catch (error) {
      setOutcome({ kind: 'error', text: (error as Error).message })
    }
  }
  return (
    <section className="card">
      <div className="actions">
        <button type="button" data-testid="sign-message" onClick={run('signature', signHello)}>
          Sign a message
        </button>
        <button type="button" data-testid="send-transaction" onClick={run('transaction', sendToSelf)}>
          Send 0.001 ETH to yourself
        </button>
        <button type="button" className="secondary" data-testid="disconnect" onClick={() => disconnect()}>
          Disconnect
        </button>
      </div>
      {outcome && (
        <p className={`outcome ${outcome.kind}`}>
          <span>{OUTCOME_LABELS[outcome.kind]}</span>
          <code data-testid={outcome.kind}>{outcome.text}</code>
        </p>
      )}
    </section>
  )
}

type Wallet = { client: ReturnType<typeof createWalletClient>; address: Address }

const walletOf = (provider: EIP1193Provider, address: string): Wallet => ({
  client: createWalletClient({ transport: custom(provider) }),
  address: address as Address,
})

const signHello = ({ client, address }: Wallet) => client.signMessage({ account: address, message: MESSAGE })

const sendToSelf = ({ client, address }: Wallet) =>
  client.sendTransaction({ account: address, to: address, value: parseEther('0.001'), chain: null })
