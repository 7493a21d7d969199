/**
 * The intents the wallet features (Account buttons, send, receive) use: requests to the connected
 * wallet through its connector, the route after a send, what the account reads again, and the
 * per-session keeping of a lazily loaded feature's flow.
 */
import { MODAL_ERRORS, type ModalInit, WalletFrameError } from '@walletframe/protocol'
import type { WalletConnector } from '../features/core/connector.ts'
import type { Session, SessionState } from '../features/core/session-api.ts'
import type { Store } from '../ui/store.ts'
import { walletFeatureButtons } from './wallet-features.tsx'

type WalletIntents = Pick<
  Session,
  'walletRequest' | 'toast' | 'tokenSent' | 'keep' | 'walletFeatures' | 'refreshAccount'
>

export function walletIntents(context: {
  store: Store<SessionState>
  init(): ModalInit | undefined
  connector(): WalletConnector | undefined
  toast: Session['toast']
  tokenSent(): void
  refreshAccount(): void
}): WalletIntents {
  const kept = new Map<string, { key: string; value: { stop?(): void } }>()
  return {
    async walletRequest(method, params) {
      const connector = context.connector()
      // Spec §8 'No ActiveCaipAddress found': a send with no connected account.
      if (!connector || context.store.get().account.status !== 'connected')
        throw new WalletFrameError(MODAL_ERRORS.noActiveAddress)
      return connector.request(method, params)
    },
    toast: context.toast,
    tokenSent: context.tokenSent,
    refreshAccount: context.refreshAccount,
    keep<T extends { stop?(): void }>(slot: string, key: string, create: () => T): T {
      const held = kept.get(slot)
      if (held?.key === key) return held.value as T
      held?.value.stop?.()
      const value = create()
      kept.set(slot, { key, value })
      return value
    },
    walletFeatures() {
      const init = context.init()
      return init ? walletFeatureButtons(init) : []
    },
  }
}
