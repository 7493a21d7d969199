/**
 * `<walletframe-button>` (issue 13 §5): "Connect", or the account's short address once connected; a
 * click opens the modal. It holds no instance of its own (no global singleton): the page gives it
 * one through its `walletFrame` property. The class is made when defined, never at import, so
 * importing this module touches no DOM (server-side rendering stays safe).
 */
import { LIMITS } from '@walletframe/protocol/host'
import type { AccountState, WalletFrame } from '../wallet-frame.ts'

export const WALLETFRAME_BUTTON_TAG = 'walletframe-button'

/** What the page sets on the element: the instance whose account it shows and whose modal it opens. */
export interface WalletFrameButtonElement extends HTMLElement {
  walletFrame: WalletFrame | undefined
}

// A constructed stylesheet, not a <style>: a page whose CSP has no 'unsafe-inline' styles allows it.
const CSS = `:host{display:inline-block}
button{font:inherit;font-weight:600;padding:.6em 1.2em;border:0;border-radius:var(--wf-button-radius,12px);background:var(--wf-button-background,#3b6ef6);color:var(--wf-button-color,#fff);cursor:pointer}
button:disabled{opacity:.5;cursor:default}
button:focus-visible{outline:2px solid var(--wf-button-background,#3b6ef6);outline-offset:2px}`

/** `0xf3…b92266`: the modal's own short form (spec §9). */
function shortAddress(address: string): string {
  const { addressHeadChars: head, addressTailChars: tail } = LIMITS
  return `${address.slice(0, head)}…${address.slice(-tail)}`
}

function label(account: AccountState | undefined): string {
  if (!account?.isConnected || !account.address) return 'Connect'
  return account.profileName ?? shortAddress(account.address)
}

/** Registers `<walletframe-button>` in `registry` (the page's own by default); a second call does nothing. */
export function defineWalletFrameButton(registry?: CustomElementRegistry): void {
  registry ??= typeof customElements === 'undefined' ? undefined : customElements
  if (!registry)
    throw new Error('defineWalletFrameButton() needs a browser: call it on the client, not on a server')
  if (registry.get(WALLETFRAME_BUTTON_TAG)) return
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(CSS)

  class Button extends HTMLElement implements WalletFrameButtonElement {
    #walletFrame: WalletFrame | undefined
    #unsubscribe = () => {}
    readonly #button = document.createElement('button')

    constructor() {
      super()
      const root = this.attachShadow({ mode: 'open' })
      root.adoptedStyleSheets = [sheet]
      this.#button.type = 'button'
      this.#button.part.add('button')
      this.#button.addEventListener('click', () => {
        // Errors (the user closing the modal, a refused frame) are the modal's to show, not the page's.
        this.#walletFrame?.open().catch(() => {})
      })
      root.append(this.#button)
      this.#render()
    }

    get walletFrame() {
      return this.#walletFrame
    }

    set walletFrame(walletFrame: WalletFrame | undefined) {
      this.#walletFrame = walletFrame
      if (this.isConnected) this.#follow()
      this.#render()
    }

    connectedCallback() {
      this.#follow()
    }

    disconnectedCallback() {
      this.#unsubscribe()
      this.#unsubscribe = () => {}
    }

    #follow() {
      this.#unsubscribe()
      this.#unsubscribe = this.#walletFrame?.subscribeAccount(() => this.#render()) ?? (() => {})
      this.#render()
    }

    #render() {
      const account = this.#walletFrame?.getAccount()
      this.#button.textContent = label(account)
      this.#button.title = account?.isConnected ? (account.address ?? '') : ''
      // No instance yet: nothing to open.
      this.#button.disabled = !this.#walletFrame
    }
  }
  registry.define(WALLETFRAME_BUTTON_TAG, Button)
}

declare global {
  interface HTMLElementTagNameMap {
    [WALLETFRAME_BUTTON_TAG]: WalletFrameButtonElement
  }
}
