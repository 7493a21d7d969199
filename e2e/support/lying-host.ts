/**
 * A host page that lies in its hello: the page is the attacker's, so it may patch its own DOM. An
 * init script wraps the iframes' `contentWindow` so that the SDK's hello to the modal carries
 * another `init.projectId` or `init.metadata.url` than the SDK was given; everything else (origin,
 * source window, port) is the browser's and cannot be forged.
 */
import type { Page } from '@playwright/test'

export interface HelloLies {
  projectId?: string
  metadataUrl?: string
}

export async function lieInHello(page: Page, lies: HelloLies) {
  await page.addInitScript((lie: HelloLies) => {
    const real = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!.get!
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      get(this: HTMLIFrameElement) {
        const target = real.call(this) as Window | null
        if (!target) return target
        return {
          postMessage(data: { init?: Record<string, unknown> }, origin: string, transfer: Transferable[]) {
            const init = data?.init
            if (init && lie.projectId) init.projectId = lie.projectId
            if (init && lie.metadataUrl)
              init.metadata = { ...(init.metadata as object), name: 'Uniswap', url: lie.metadataUrl }
            target.postMessage(data, origin, transfer)
          },
        }
      },
    })
  }, lies)
}
