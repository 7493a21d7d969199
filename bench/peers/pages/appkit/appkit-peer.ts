/** The AppKit pages' common part: its modal element and when its card is rendered. */
import { domSignal, expose } from '../peer.ts'

const card = () =>
  document.querySelector('w3m-modal')?.shadowRoot?.querySelector('[data-testid="w3m-modal-card"]') ?? null

/**
 * The card lives in the w3m-modal element's shadow root, which AppKit adds on the first open():
 * watched from the document until the element exists, then inside its shadow root.
 */
function whenCardShown(): Promise<void> {
  return domSignal(document.body, () => document.querySelector('w3m-modal')?.shadowRoot != null).then(() =>
    domSignal(document.querySelector('w3m-modal')!.shadowRoot!, () => card() !== null),
  )
}

/** The part both AppKit entries (core, and with an adapter) share; their classes differ. */
interface AppKitModal {
  ready(): Promise<void>
  open(): Promise<unknown>
}

export function exposeAppKit(modal: AppKitModal): void {
  expose({
    ready: modal.ready(),
    settled: modal.ready(),
    open: () => void modal.open(),
    whenVisible: whenCardShown,
  })
}
