/**
 * The modal tells the host when its document goes away (issue 10: reload of the frame rejects what
 * is in flight): on `pagehide` the host receives `modal.unloading`, once, so the SDK can reject its
 * requests at once instead of at the next document's handshake.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type SessionHarness, startSession, testNetwork } from './test-support.ts'

const harnesses: SessionHarness[] = []
afterEach(() => {
  for (const harness of harnesses.splice(0)) harness.close()
})

describe('the modal document going away', () => {
  it('is told to the host at pagehide, once', async () => {
    const page = new EventTarget()
    const harness = startSession({
      networks: [testNetwork(31337, 'http://127.0.0.1:1')],
      wallets: [],
      session: { page },
    })
    harnesses.push(harness)
    const heard: unknown[] = []
    harness.host.on('modal.unloading', (params) => heard.push(params))
    // Nothing before the page hides: the handshake's account report arrives, no unloading.
    await vi.waitFor(() => expect(harness.events('account.changed')).toHaveLength(1))
    expect(heard).toEqual([])
    page.dispatchEvent(new Event('pagehide'))
    page.dispatchEvent(new Event('pagehide'))
    await vi.waitFor(() => expect(heard).toEqual([{}]))
    // Anything after the first arrives behind it; a second pagehide sends nothing more.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(heard).toEqual([{}])
  })
})
