/**
 * The connect flows the root machine runs (ARCHITECTURE.md "One root machine"): their kinds, the
 * views each lives on, and what a connect flow reports to its view.
 */
import type { ViewName } from '@walletframe/protocol'
import type { SnapshotFrom } from 'xstate'
import type { connectionMachine } from '../features/connect/connection.machine.ts'
import type { WalletConnector } from '../features/core/connector.ts'
import type { EmailLoginInput } from '../features/embedded/email-login.machine.ts'
import type { SocialLoginInput } from '../features/social/social-login.machine.ts'
import { currentView, type RouterContext } from './router/router.machine.ts'

export type FlowKind = 'external' | 'walletConnect' | 'email' | 'social'

export interface FlowReport {
  kind: FlowKind
  progress: 'requesting' | 'declined' | 'failed' | undefined
  message?: string | undefined
}

export interface ModalFlow {
  kind: FlowKind
  connector: WalletConnector
  /** The flow's view has been on screen: leaving it now ends the flow. */
  shown: boolean
  /** The email flow's address and steps (kind `email`). */
  login?: EmailLoginInput
  /** The social or Farcaster login's provider and window (kind `social`). */
  social?: SocialLoginInput
}

/** The views on which each kind of flow lives (spec §2: WalletConnect's flow runs while shown). */
export const FLOW_VIEWS: Record<FlowKind, readonly ViewName[]> = {
  external: ['ConnectingExternal'],
  walletConnect: ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'],
  // Started from the Connect view, the email flow lives on once its code view has been shown.
  email: ['Email'],
  social: ['ConnectingSocial', 'ConnectingFarcaster'],
}

export const isShown = (kind: FlowKind, router: RouterContext) =>
  router.open && FLOW_VIEWS[kind].includes(currentView(router))

export function reportOf(kind: FlowKind, snapshot: SnapshotFrom<typeof connectionMachine>): FlowReport {
  const { value } = snapshot
  if (value === 'declined' || value === 'failed')
    return { kind, progress: value, message: snapshot.context.error?.message }
  return { kind, progress: value === 'requesting' ? 'requesting' : undefined }
}
