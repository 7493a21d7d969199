/**
 * Issue 13's additions to the SDK, end to end in Node against the fake modal: headless mode
 * (`listWallets`, `connect({ walletId })`), analytics consent, and the EIP-1193 `message` event of
 * a connected page wallet.
 */
import { MODAL_ERRORS, type WalletListing } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import { ADDRESS } from '../test/fake-modal.ts'
import { createFakeWallet, installWallet } from '../test/fake-wallet.ts'
import { errorOf, openPage as setup } from '../test/page.ts'

const LISTING: WalletListing[] = [
  { id: 'dev.walletframe.testwallet', name: 'Test Wallet', type: 'injected', installed: true },
  { id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect', installed: false },
]

describe('headless mode', () => {
  it('listWallets gives the modal’s wallet list, checked on receipt', async () => {
    const { wf, nextModal } = setup({ preload: true })
    const modal = await nextModal()
    modal.messenger.handle('wallet.list', () => LISTING)
    await expect(wf.listWallets()).resolves.toEqual(LISTING)
    // A malformed answer is refused by the host checks, never handed to the integrator.
    modal.messenger.handle(
      'wallet.list',
      () => [{ id: 'x', name: 'X', type: 'ANNOUNCED', installed: true }] as never,
    )
    await expect(wf.listWallets()).rejects.toMatchObject({ reason: 'InvalidResult' })
  })

  it('connect({ walletId }) asks the modal for that wallet; an unknown id rejects with UnknownWallet', async () => {
    const { wf, nextModal } = setup({ preload: true })
    const modal = await nextModal()
    const asked: unknown[] = []
    modal.messenger.handle('wallet.connect', (params) => {
      asked.push(params)
      if (params.walletId === 'io.nope') throw MODAL_ERRORS.unknownWallet
      return { address: ADDRESS, chainId: 31337, caipAddress: `eip155:31337:${ADDRESS}` }
    })
    await expect(wf.connect({ walletId: 'dev.walletframe.testwallet' })).resolves.toMatchObject({
      address: ADDRESS,
    })
    const error = await errorOf(wf.connect({ walletId: 'io.nope' }))
    expect(error).toMatchObject({ code: -32602, reason: 'UnknownWallet' })
    await wf.connect()
    expect(asked).toEqual([{ walletId: 'dev.walletframe.testwallet' }, { walletId: 'io.nope' }, {}])
  })
})

describe('analytics consent', () => {
  it('setAnalyticsConsent before any frame is kept for the init and makes no frame; afterwards it is sent', async () => {
    const { wf, fake, nextModal } = setup({ features: { analytics: 'consent' } })
    await wf.setAnalyticsConsent(true)
    expect(fake.document.frames).toHaveLength(0)
    const opened = wf.open()
    const modal = await nextModal()
    expect(modal.init.analyticsConsent).toBe(true)
    expect(modal.init.features.analytics).toBe('consent')
    await opened
    const answers: unknown[] = []
    modal.messenger.handle('analytics.consent', (params) => {
      answers.push(params)
      return null
    })
    await wf.setAnalyticsConsent(false)
    expect(answers).toEqual([{ granted: false }])
  })

  it('names a wrong analytics option at createWalletFrame()', () => {
    expect(() => setup({ features: { analytics: 'later' as never } })).toThrow(
      'features.analytics must be a boolean or one of consent.',
    )
  })
})

describe('the EIP-1193 message event', () => {
  it('passes on the connected page wallet’s messages (eth_subscription), and no other wallet’s', async () => {
    const connected = createFakeWallet()
    const page = setup({ preload: true })
    installWallet(page.win, connected)
    const other = createFakeWallet()
    installWallet(page.win, other, { rdns: 'io.other', name: 'Other', uuid: crypto.randomUUID() })
    const modal = await page.nextModal()
    await page.ready()
    const messages: unknown[] = []
    page.wf.getProvider('eip155').on('message', (message) => messages.push(message))
    const toModal: unknown[] = []
    modal.messenger.on('host.walletEvent', (event) => toModal.push(event))
    const message = { type: 'eth_subscription', data: { subscription: '0x1', result: { number: '0x2' } } }
    connected.emit('message', message) // not connected yet: nobody's message
    modal.messenger.emit('account.changed', {
      status: 'connected',
      address: ADDRESS,
      chainId: 31337,
      caipAddress: `eip155:31337:${ADDRESS}`,
      connectorId: 'dev.walletframe.testwallet',
    })
    await vi.waitFor(() => expect(page.wf.getAccount().isConnected).toBe(true))
    other.emit('message', { type: 'eth_subscription', data: 'not the connected wallet' })
    connected.emit('message', message)
    connected.emit('message', message)
    expect(messages).toEqual([message, message])
    // The modal has no use for them: they stay in the page.
    await page.ready()
    expect(toModal).toEqual([])
  })

  it('sends eth_subscribe and eth_unsubscribe to the connected page wallet, not the modal', async () => {
    const wallet = createFakeWallet({ eth_subscribe: '0xabc', eth_unsubscribe: true })
    const page = setup({ preload: true })
    installWallet(page.win, wallet)
    const modal = await page.nextModal()
    modal.messenger.emit('account.changed', {
      status: 'connected',
      address: ADDRESS,
      chainId: 31337,
      caipAddress: `eip155:31337:${ADDRESS}`,
      connectorId: 'dev.walletframe.testwallet',
    })
    await vi.waitFor(() => expect(page.wf.getAccount().isConnected).toBe(true))
    await expect(page.wf.request({ method: 'eth_subscribe', params: ['newHeads'] })).resolves.toBe('0xabc')
    await expect(page.wf.request({ method: 'eth_unsubscribe', params: ['0xabc'] })).resolves.toBe(true)
    expect(wallet.request).toHaveBeenCalledWith({ method: 'eth_subscribe', params: ['newHeads'] })
  })
})
