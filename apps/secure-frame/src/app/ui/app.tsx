import { useEffect } from 'preact/hooks'
import type { ViewState } from '../state/screens.ts'
import type { Store } from '../state/store.ts'
import { ApprovalView } from './approval-view.tsx'
import { SetupView } from './setup-view.tsx'
import { applyTheme } from './theme-style.ts'
import { useStore } from './use-store.ts'

export function App({ view }: { view: Store<ViewState> }) {
  const { screen, themeMode, themeVariables } = useStore(view)
  useEffect(
    () => applyTheme(document.documentElement, themeMode, themeVariables),
    [themeMode, themeVariables],
  )
  if (screen.kind === 'approval') return <ApprovalView screen={screen} />
  if (screen.kind === 'setup') return <SetupView screen={screen} />
  return null
}

/** Shown instead of the app when the embedding is refused; no handshake is ever answered then. */
export function RefusedNotice({ reason }: { reason: string }) {
  return (
    <section class="card refused">
      <h1>Wallet unavailable here</h1>
      <p class="muted">{reason}</p>
    </section>
  )
}
