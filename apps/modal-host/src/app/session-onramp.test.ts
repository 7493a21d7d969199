/** Opening Buy from the host (`open({ view: 'OnRamp' })`): only where it is available (docs/onramp.md). */
import { MODAL_ERRORS, type ModalInit } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeWallet } from '../features/connect/test-wallet.ts'
import { connectWallet, type SessionHarness, startSession, testNetwork } from './test-support.ts'

const networks = [testNetwork(31337, 'http://127.0.0.1:9/')]
const harnesses: SessionHarness[] = []
afterEach(() => {
  for (const harness of harnesses.splice(0)) harness.close()
})

const noApi = (async () => new Response('{}', { status: 503 })) as typeof fetch

function start(options: { api?: boolean; init?: Partial<ModalInit> } = {}) {
  const wallet = createFakeWallet()
  const harness = startSession({
    networks,
    wallets: [wallet],
    ...(options.init ? { init: options.init } : {}),
    ...(options.api === false ? {} : { session: { api: { url: 'http://api.test', fetch: noApi } } }),
  })
  harnesses.push(harness)
  return { harness, wallet }
}

describe("open({ view: 'OnRamp' })", () => {
  it('opens Buy for a connected account', async () => {
    const { harness, wallet } = start()
    await connectWallet(harness, wallet)
    harness.session.close()
    await harness.host.request('modal.open', { view: 'OnRamp' })
    await vi.waitFor(() => expect(harness.session.store.get().view).toBe('OnRamp'))
  })

  it('opens on Connect while no account is connected, as Account does', async () => {
    const { harness } = start()
    await harness.host.request('modal.open', { view: 'OnRamp' })
    await vi.waitFor(() => expect(harness.session.store.get().open).toBe(true))
    expect(harness.session.store.get().view).toBe('Connect')
  })

  it.each([
    ['the onramp feature is off', { init: { features: { onramp: false } } }],
    ['the deployment has no data API', { api: false }],
  ])('is refused when %s', async (_, options) => {
    const { harness, wallet } = start(options)
    await connectWallet(harness, wallet)
    await expect(harness.host.request('modal.open', { view: 'OnRamp' })).rejects.toMatchObject({
      reason: MODAL_ERRORS.viewNotOpenable.reason,
    })
  })
})
