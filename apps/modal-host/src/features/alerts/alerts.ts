/**
 * The alerts of spec §8 that tell the user what just happened (Network Not Found, Session Expired,
 * the auth-init problem): unlike the boot alerts (app/AlertCard.tsx) the modal keeps working, so the
 * alert is a bar on top of the modal, which opens to show it. It goes when dismissed, or with the
 * modal once it has closed.
 */
import type { Alert } from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type { SessionState } from '../core/index.ts'
import './state.ts'

export interface Alerts {
  show(alert: Pick<Alert, 'reason' | 'title' | 'description'>): void
  dismiss(): void
}

export function createAlerts(store: Store<SessionState>, open: () => void): Alerts {
  const shown = (state: SessionState) => state.open || state.closing
  let previous = store.get()
  store.subscribe(() => {
    const [prev, next] = [previous, store.get()]
    previous = next
    if (next.alertBar && shown(prev) && !shown(next)) store.set({ alertBar: undefined })
  })
  return {
    show({ reason, title, description }) {
      store.set({ alertBar: { reason, title, description } })
      open()
    },
    dismiss: () => store.set({ alertBar: undefined }),
  }
}
