/**
 * The composables: read-only refs that follow the SDK's signals while their effect scope lives
 * (a component's setup, an `effectScope()`), and unsubscribe when it is disposed.
 */

import { CHANNEL_NO_BROWSER, type ModalState, WalletFrameError } from '@walletframe/protocol/host'
import type { AccountState, WalletFrame } from '@walletframe/sdk'
import {
  type DeepReadonly,
  getCurrentScope,
  inject,
  onScopeDispose,
  type Ref,
  readonly,
  shallowRef,
} from 'vue'
import { WALLETFRAME_CONTEXT, type WalletFrameContext } from './plugin.ts'

/** What a server renders, and what the browser starts from (the SDK's own first values), so hydration matches. */
const SERVER_ACCOUNT: AccountState = { status: 'disconnected', isConnected: false }
const SERVER_STATE: ModalState = { open: false, view: 'Connect' }

export type ReadonlyRef<T> = Readonly<Ref<DeepReadonly<T>>>

function walletFrameContext(composable: string): WalletFrameContext {
  const context = inject(WALLETFRAME_CONTEXT, undefined)
  if (!context)
    throw new Error(
      `@walletframe/vue: ${composable}() found no WalletFrame; install it first with app.use(createWalletFramePlugin(options)), and call ${composable}() inside setup().`,
    )
  return context
}

function follow<T>(
  composable: string,
  read: (walletFrame: WalletFrame) => T,
  subscribe: (walletFrame: WalletFrame, callback: (value: T) => void) => () => void,
  serverValue: T,
): ReadonlyRef<T> {
  const { walletFrame } = walletFrameContext(composable)
  if (!getCurrentScope())
    throw new Error(
      `@walletframe/vue: ${composable}() needs an effect scope (setup() or effectScope().run()), which unsubscribes it when disposed.`,
    )
  const value = shallowRef(walletFrame ? read(walletFrame) : serverValue)
  if (walletFrame)
    onScopeDispose(
      subscribe(walletFrame, (next) => {
        value.value = next
      }),
    )
  return readonly(value) as ReadonlyRef<T>
}

/** The account: status, address, caipAddress, chainId, isConnected … (AccountState of @walletframe/sdk). */
export function useWalletFrameAccount(): ReadonlyRef<AccountState> {
  return follow(
    'useWalletFrameAccount',
    (wf) => wf.getAccount(),
    (wf, callback) => wf.subscribeAccount(callback),
    SERVER_ACCOUNT,
  )
}

/** The modal: `{ open, view }`. */
export function useWalletFrameState(): ReadonlyRef<ModalState> {
  return follow(
    'useWalletFrameState',
    (wf) => wf.getState(),
    (wf, callback) => wf.subscribeState(callback),
    SERVER_STATE,
  )
}

export interface UseWalletFrame {
  /** The instance; undefined while rendering on a server. */
  walletFrame: WalletFrame | undefined
  open: WalletFrame['open']
  close: WalletFrame['close']
  connect: WalletFrame['connect']
  disconnect: WalletFrame['disconnect']
}

/** The actions; during server-side rendering they reject with the SDK's own NoBrowserWindow error (4900). */
export function useWalletFrame(): UseWalletFrame {
  const { walletFrame } = walletFrameContext('useWalletFrame')
  const wf = (): WalletFrame => {
    if (!walletFrame) throw new WalletFrameError(CHANNEL_NO_BROWSER)
    return walletFrame
  }
  return {
    walletFrame,
    open: async (options) => wf().open(options),
    close: async () => wf().close(),
    connect: async () => wf().connect(),
    disconnect: async () => wf().disconnect(),
  }
}
