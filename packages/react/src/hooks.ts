'use client'
/**
 * The hooks (names close to AppKit's, so migrating is easy). Each reads the SDK through
 * `useSyncExternalStore`; its server snapshot, also used while hydrating and until the Provider's
 * instance exists, is the state of a page nobody has connected: disconnected, modal closed.
 */
import { type ModalState, toCaipNetworkId, type ViewName } from '@walletframe/protocol/host'
import type { AccountState, EIP1193Provider, WalletFrame } from '@walletframe/sdk'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { useInstanceHolder } from './provider.tsx'

const DISCONNECTED: AccountState = Object.freeze({ status: 'disconnected', isConnected: false })
const CLOSED: ModalState = Object.freeze({ open: false, view: 'Connect' })
const noSubscription = () => () => {}

/** The Provider's SDK instance as React state: undefined on the server and before it mounts. */
function useInstance(hook: string): WalletFrame | undefined {
  const holder = useInstanceHolder(hook)
  return useSyncExternalStore(holder.subscribe, holder.get, () => undefined)
}

/** A value of the instance, followed through its subscription; `fallback` while there is none. */
function useInstanceValue<T>(
  instance: WalletFrame | undefined,
  read: (instance: WalletFrame) => T,
  subscribe: (instance: WalletFrame, callback: () => void) => () => void,
  fallback: T,
): T {
  const subscribeTo = useCallback(
    (callback: () => void) => (instance ? subscribe(instance, callback) : noSubscription()),
    [instance, subscribe],
  )
  const snapshot = useCallback(() => (instance ? read(instance) : fallback), [instance, read, fallback])
  return useSyncExternalStore(subscribeTo, snapshot, () => fallback)
}

const readAccount = (instance: WalletFrame) => instance.getAccount()
const followAccount = (instance: WalletFrame, callback: () => void) => instance.subscribeAccount(callback)
const readState = (instance: WalletFrame) => instance.getState()
const followState = (instance: WalletFrame, callback: () => void) => instance.subscribeState(callback)

export interface UseWalletFrame {
  /** Opens the modal (on `view`, if given: Connect when disconnected, Account when connected). */
  open(options?: { view?: ViewName }): Promise<void>
  close(): Promise<void>
  /** Resolves once connected; rejects with code 4001 if the user closes the modal. */
  connect(): ReturnType<WalletFrame['connect']>
  disconnect(): Promise<void>
  /** The SDK instance itself (request, switchNetwork, getLogs …); undefined on the server and before mount. */
  walletFrame: WalletFrame | undefined
}

/** The modal's actions. Called before the instance exists (a child's effect), they wait for it. */
export function useWalletFrame(): UseWalletFrame {
  const holder = useInstanceHolder('useWalletFrame')
  const walletFrame = useSyncExternalStore(holder.subscribe, holder.get, () => undefined)
  return useMemo(
    () => ({
      open: async (options) => (await holder.ready()).open(options),
      close: async () => (await holder.ready()).close(),
      connect: async () => (await holder.ready()).connect(),
      disconnect: async () => (await holder.ready()).disconnect(),
      walletFrame,
    }),
    [holder, walletFrame],
  )
}

/** The account (status, address, caipAddress, chainId, isConnected …), re-rendering on each change. */
export function useWalletFrameAccount(): AccountState {
  return useInstanceValue(useInstance('useWalletFrameAccount'), readAccount, followAccount, DISCONNECTED)
}

export interface UseWalletFrameNetwork {
  /** The connected account's chain; undefined while disconnected. */
  chainId: number | undefined
  /** CAIP-2, e.g. `eip155:1`; undefined while disconnected. */
  caipNetworkId: string | undefined
  switchNetwork(caipNetworkId: string): Promise<void>
}

export function useWalletFrameNetwork(): UseWalletFrameNetwork {
  const holder = useInstanceHolder('useWalletFrameNetwork')
  const { chainId } = useWalletFrameAccount()
  return useMemo(
    () => ({
      chainId,
      caipNetworkId: chainId === undefined ? undefined : toCaipNetworkId('eip155', chainId),
      switchNetwork: async (caipNetworkId: string) => (await holder.ready()).switchNetwork(caipNetworkId),
    }),
    [holder, chainId],
  )
}

/** The modal's state: `{ open, view }`. */
export function useWalletFrameState(): ModalState {
  return useInstanceValue(useInstance('useWalletFrameState'), readState, followState, CLOSED)
}

/** The EIP-1193 provider (for viem, ethers …), or undefined on the server and before mount. */
export function useWalletFrameProvider(): EIP1193Provider | undefined {
  const instance = useInstance('useWalletFrameProvider')
  return useMemo(() => instance?.getProvider('eip155'), [instance])
}
