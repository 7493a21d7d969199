/**
 * The session logic end to end in Node: the SDK in a fake page, a fake modal (the protocol's own
 * child side and zod validator) on the other end of a real MessageChannel.
 */
import { MODAL_ERRORS } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import { ADDRESS } from '../test/fake-modal.ts'
import { announceWallet, createFakeWallet, installWallet } from '../test/fake-wallet.ts'
import { FakeElement, FakeParent, FakeStorage, MODAL_ORIGIN, MODAL_URL } from '../test/fake-window.ts'
import { errorOf, openPage as setup } from '../test/page.ts'

describe('createWalletFrame in a page', () => {
  it('creates its frame on first use, with the modal URL, attributes and hidden style', async () => {
    const { wf, fake, frame, nextModal } = setup()
    expect(fake.document.frames).toHaveLength(0)
    const opened = wf.open()
    expect(fake.document.frames).toHaveLength(1)
    expect(frame().src).toBe(`${MODAL_URL}?projectId=walletframe-dev`)
    expect(frame().title).toBe('WalletFrame')
    expect(frame().allow).toBe('clipboard-write; publickey-credentials-get; publickey-credentials-create')
    expect(frame().style.cssText).toBe(
      'position:fixed;inset:0;z-index:999;width:100%;height:100%;border:0;background:transparent;color-scheme:normal',
    )
    expect(frame().parentNode).toBe(fake.document.body)
    // open() shows the frame at once, before the handshake
    expect(frame().style.display).toBe('block')
    await nextModal()
    await opened
    expect(frame().targetOrigins).toEqual([MODAL_ORIGIN])
  })

  it('takes its z-index from the theme variables', () => {
    const { wf, frame } = setup({ themeVariables: { '--wf-z-index': 4242 } })
    wf.open().catch(() => {}) // rejected by destroy() after the test
    expect(frame().style.cssText).toContain('z-index:4242')
  })

  it('preloads by default once the page is idle: a hidden frame, not made during creation', async () => {
    const { fake, nextModal } = setup()
    expect(fake.document.frames).toHaveLength(0)
    await nextModal()
    expect(fake.document.frames).toHaveLength(1)
    expect(fake.document.frames[0]!.style.display).toBe('none')
  })

  it('makes no frame before first use with preload: false', async () => {
    const { fake } = setup({ preload: false })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(fake.document.frames).toHaveLength(0)
  })

  it('never holds back the page load event: a loading page gets its frame only after it', async () => {
    const { fake, nextModal } = setup({}, { loading: true })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(fake.document.frames).toHaveLength(0)
    fake.dispatchEvent(new Event('load'))
    await nextModal()
    expect(fake.document.frames).toHaveLength(1)
  })

  it('restores a connected page right at its load event, without waiting for idle time', async () => {
    const storage = new FakeStorage()
    storage.setItem('@walletframe/connection-status', 'connected')
    const { fake, nextModal, ready } = setup({ preload: false }, { storage, loading: true })
    expect(fake.document.frames).toHaveLength(0)
    fake.dispatchEvent(new Event('load'))
    expect(fake.document.frames).toHaveLength(1)
    await Promise.all([nextModal(), ready()])
  })

  it('loads at creation when the stored connection status is connected, and sends the hints', async () => {
    const storage = new FakeStorage()
    storage.setItem('@walletframe/connection-status', 'connected')
    storage.setItem('@walletframe/connector-id', 'dev.walletframe.testwallet')
    storage.setItem('unrelated', 'x')
    const { fake, nextModal } = setup({}, { storage })
    expect(fake.document.frames).toHaveLength(1)
    const { init } = await nextModal()
    expect(init.storage).toEqual({
      'connection-status': 'connected',
      'connector-id': 'dev.walletframe.testwallet',
    })
    expect(init.projectId).toBe('walletframe-dev')
    expect(init.networks[0]!.caipNetworkId).toBe('eip155:31337')
  })

  it('sends the discovered wallets in the init, then every change as host.wallets', async () => {
    const page = setup({ preload: true }, { ethereum: createFakeWallet() })
    installWallet(page.win, createFakeWallet())
    const modal = await page.nextModal()
    expect(modal.init.wallets.map((w) => w.id)).toEqual(['dev.walletframe.testwallet', 'injected'])
    const lists: unknown[] = []
    modal.messenger.on('host.wallets', ({ wallets }) => lists.push(wallets.map((w) => w.id)))
    announceWallet(page.win, createFakeWallet(), { rdns: 'io.metamask', name: 'MetaMask' })
    await vi.waitFor(() => expect(lists).toEqual([['dev.walletframe.testwallet', 'io.metamask', 'injected']]))
  })

  it('sends a wallet announced during the handshake once the channel is up', async () => {
    const page = setup({ preload: true })
    const modal = await page.nextModal() // the init is made, the SDK has no messenger yet
    const lists: unknown[] = []
    modal.messenger.on('host.wallets', ({ wallets }) => lists.push(wallets.map((w) => w.id)))
    announceWallet(page.win, createFakeWallet())
    await vi.waitFor(() => expect(lists).toEqual([['dev.walletframe.testwallet']]))
  })

  it('connect resolves with the account, and the account is published', async () => {
    const { wf, nextModal } = setup()
    const accounts: unknown[] = []
    wf.subscribeAccount((account) => accounts.push(account))
    const connected = wf.connect()
    await nextModal()
    await expect(connected).resolves.toEqual({
      address: ADDRESS,
      chainId: 31337,
      caipAddress: `eip155:31337:${ADDRESS}`,
    })
    await vi.waitFor(() =>
      expect(wf.getAccount()).toMatchObject({ status: 'connected', isConnected: true, address: ADDRESS }),
    )
    expect(accounts.at(-1)).toEqual(wf.getAccount())
  })

  it('connect rejected by the user (the modal closed) rejects with code 4001', async () => {
    const { wf, nextModal } = setup({ preload: true })
    const modal = await nextModal()
    modal.messenger.handle('wallet.connect', () => {
      throw { code: 4001, message: 'User rejected the request.' }
    })
    const error = await errorOf(wf.connect())
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
  })

  it('the provider sends rpc.request and re-emits provider events', async () => {
    const { wf, nextModal } = setup({ preload: true })
    const modal = await nextModal()
    const provider = wf.getProvider('eip155')
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69')
    await expect(wf.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69')
    const events: unknown[] = []
    provider.on('chainChanged', (chainId) => events.push(['chainChanged', chainId]))
    provider.on('accountsChanged', (accounts) => events.push(['accountsChanged', accounts]))
    provider.on('disconnect', (error) => events.push(['disconnect', error]))
    modal.messenger.emit('provider.event', { event: 'connect', data: { chainId: '0x7a69' } })
    modal.messenger.emit('provider.event', { event: 'chainChanged', data: '0x7a6a' })
    modal.messenger.emit('provider.event', { event: 'accountsChanged', data: [ADDRESS] })
    modal.messenger.emit('provider.event', {
      event: 'disconnect',
      data: { code: 4900, message: 'Disconnected' },
    })
    await vi.waitFor(() => expect(events).toHaveLength(3))
    expect(events.slice(0, 2)).toEqual([
      ['chainChanged', '0x7a6a'],
      ['accountsChanged', [ADDRESS]],
    ])
    const [, error] = events[2] as [string, Error & { code: number }]
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ code: 4900, message: 'Disconnected' })
  })

  it('passes on a refused rpc request with its code', async () => {
    const { wf, nextModal } = setup({ preload: true })
    const modal = await nextModal()
    modal.messenger.handle('rpc.request', () => {
      throw { code: 4001, message: 'User rejected the request.' }
    })
    const error = await errorOf(
      wf.getProvider('eip155').request({ method: 'personal_sign', params: ['0x00', ADDRESS] }),
    )
    expect(error).toMatchObject({ code: 4001 })
  })

  it('runs host.walletRequest on the named wallet, passing on its errors', async () => {
    const wallet = createFakeWallet({ eth_accounts: [ADDRESS] })
    const legacy = createFakeWallet({ eth_chainId: '0x1' })
    const page = setup({ preload: true }, { ethereum: legacy })
    installWallet(page.win, wallet)
    const { messenger } = await page.nextModal()
    await expect(
      messenger.request('host.walletRequest', {
        walletId: 'dev.walletframe.testwallet',
        method: 'eth_accounts',
      }),
    ).resolves.toEqual([ADDRESS])
    expect(wallet.request).toHaveBeenCalledWith({ method: 'eth_accounts' })
    await expect(
      messenger.request('host.walletRequest', { walletId: 'injected', method: 'eth_chainId', params: [] }),
    ).resolves.toBe('0x1')
    expect(legacy.request).toHaveBeenCalledWith({ method: 'eth_chainId', params: [] })
    await expect(
      messenger.request('host.walletRequest', {
        walletId: 'dev.walletframe.testwallet',
        method: 'eth_requestAccounts',
      }),
    ).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    await expect(
      messenger.request('host.walletRequest', { walletId: 'io.nope', method: 'eth_accounts' }),
    ).rejects.toMatchObject({
      code: -32001,
    })
  })

  it('forwards the wallets’ events to the modal', async () => {
    const wallet = createFakeWallet()
    const page = setup({ preload: true })
    installWallet(page.win, wallet)
    const { messenger } = await page.nextModal()
    await page.ready()
    const events: unknown[] = []
    messenger.on('host.walletEvent', (event) => events.push(event))
    wallet.emit('accountsChanged', [ADDRESS])
    wallet.emit('disconnect', Object.assign(new Error('Disconnected'), { code: 4900, stack: 'not sent' }))
    wallet.emit('chainChanged', () => 'cannot be cloned: dropped, the wallet does not see an error')
    await vi.waitFor(() => expect(events).toHaveLength(2))
    expect(events).toEqual([
      { walletId: 'dev.walletframe.testwallet', event: 'accountsChanged', data: [ADDRESS] },
      {
        walletId: 'dev.walletframe.testwallet',
        event: 'disconnect',
        data: { code: 4900, message: 'Disconnected' },
      },
    ])
  })

  it('shows and focuses the frame while the modal is open, then hides it and gives focus back', async () => {
    const { wf, fake, frame, nextModal, ready } = setup({ preload: true })
    await nextModal()
    await ready()
    const button = new FakeElement(fake.document)
    button.focus()
    const states: unknown[] = []
    wf.subscribeState((state) => states.push(state))
    await wf.open({ view: 'Networks' })
    await vi.waitFor(() => expect(wf.getState().open).toBe(true))
    expect(frame().style.display).toBe('block')
    expect(fake.document.activeElement).toBe(frame())
    await wf.close()
    await vi.waitFor(() => expect(wf.getState().open).toBe(false))
    // The page gets its clicks back at once; the frame stays drawn for the closing animation.
    expect(frame().style.pointerEvents).toBe('none')
    expect(fake.document.activeElement).toBe(button)
    await vi.waitFor(() => expect(frame().style.display).toBe('none'))
    expect(states).toEqual([
      { open: true, view: 'Connect' },
      { open: false, view: 'Connect' },
    ])
  })

  it('writes the modal’s storage.set and storage.remove under the prefix', async () => {
    const { fake, nextModal } = setup({ preload: true })
    const { messenger } = await nextModal()
    await expect(
      messenger.request('storage.set', { key: 'connection-status', value: 'connected' }),
    ).resolves.toBeNull()
    expect(fake.storage.getItem('@walletframe/connection-status')).toBe('connected')
    messenger.emit('storage.remove', { key: 'connection-status' })
    await vi.waitFor(() => expect(fake.storage.getItem('@walletframe/connection-status')).toBeNull())
  })

  it('keeps working when storage is unavailable, and tells the modal each write was not kept', async () => {
    const { wf, nextModal } = setup({}, { storage: 'blocked' })
    const connected = wf.connect()
    const { messenger, init } = await nextModal()
    expect(init.storage).toEqual({})
    await expect(
      messenger.request('storage.set', { key: 'connection-status', value: 'connected' }),
    ).rejects.toMatchObject({ reason: MODAL_ERRORS.hostStorageWriteFailed.reason })
    await expect(connected).resolves.toMatchObject({ address: ADDRESS })
  })

  it('a removed frame rejects the requests in flight with 4900; the next call makes a new frame', async () => {
    const { wf, fake, frame, nextModal } = setup()
    const opened = wf.open()
    const modal = await nextModal()
    await opened
    modal.messenger.handle('wallet.connect', () => new Promise(() => {}))
    const pending = errorOf(wf.connect())
    await vi.waitFor(() => expect(wf.getState().open).toBe(true))
    frame().remove()
    expect(await pending).toMatchObject({ code: 4900 })
    expect(wf.getState().open).toBe(false)
    const connected = wf.connect()
    expect(fake.document.frames).toHaveLength(2)
    await nextModal()
    await expect(connected).resolves.toMatchObject({ address: ADDRESS })
  })

  it('a reload of the frame rejects the requests in flight with 4900 and handshakes again', async () => {
    const { wf, fake, frame, nextModal } = setup({ preload: true })
    const first = await nextModal()
    first.messenger.handle('wallet.connect', () => new Promise(() => {}))
    const pending = errorOf(wf.connect())
    await vi.waitFor(() => expect(first.messenger.destroyed).toBe(false))
    await new Promise((resolve) => setTimeout(resolve, 10))
    fake.load(frame())
    expect(await pending).toMatchObject({ code: 4900 })
    const second = await nextModal()
    expect(second.init.projectId).toBe('walletframe-dev')
    await expect(wf.connect()).resolves.toMatchObject({ address: ADDRESS })
    expect(fake.document.frames).toHaveLength(1)
  })

  it('setThemeMode before any frame is kept for the init; afterwards it is sent', async () => {
    const { wf, fake, nextModal } = setup()
    await wf.setThemeMode('light')
    await wf.close()
    await wf.disconnect()
    expect(fake.document.frames).toHaveLength(0)
    const opened = wf.open()
    const modal = await nextModal()
    expect(modal.init.themeMode).toBe('light')
    await opened
    const themes: unknown[] = []
    modal.messenger.handle('theme.set', (params) => {
      themes.push(params)
      return null
    })
    await wf.setThemeMode('dark')
    expect(themes).toEqual([{ themeMode: 'dark' }])
  })

  it('switchNetwork sends network.switch', async () => {
    const { wf, nextModal } = setup({ preload: true })
    const modal = await nextModal()
    const switched = vi.fn(() => null)
    modal.messenger.handle('network.switch', switched)
    await wf.switchNetwork('eip155:31338')
    expect(switched).toHaveBeenCalledWith({ caipNetworkId: 'eip155:31338' }, expect.anything())
  })

  it('announces its provider over EIP-6963 unless told not to', () => {
    const seen: unknown[] = []
    const page = setup()
    page.win.addEventListener('eip6963:announceProvider', (event) => seen.push((event as CustomEvent).detail))
    page.win.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toEqual([expect.objectContaining({ provider: page.wf.getProvider('eip155') })])
    const quiet = setup({ announceProvider: false })
    const heard = vi.fn()
    quiet.win.addEventListener('eip6963:announceProvider', heard)
    quiet.win.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(heard).not.toHaveBeenCalled()
  })

  it('destroy removes the frame, rejects the requests in flight, stops listening, and refuses later calls', async () => {
    const wallet = createFakeWallet()
    const page = setup({ preload: true })
    installWallet(page.win, wallet)
    const modal = await page.nextModal()
    modal.messenger.handle('wallet.connect', () => new Promise(() => {}))
    const pending = errorOf(page.wf.connect())
    await new Promise((resolve) => setTimeout(resolve, 10))
    page.wf.destroy()
    expect(await pending).toMatchObject({ code: 4900 })
    expect(page.frame().isConnected).toBe(false)
    expect(wallet.listenerCount('accountsChanged')).toBe(0)
    await expect(page.wf.open()).rejects.toMatchObject({ code: 4900, message: 'WalletFrame was destroyed.' })
    expect(page.fake.document.frames).toHaveLength(1)
    const heard: string[] = []
    page.win.addEventListener('eip6963:announceProvider', (event) =>
      heard.push((event as CustomEvent).detail.info.rdns),
    )
    page.win.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(heard).toEqual(['dev.walletframe.testwallet'])
    page.wf.destroy() // twice is harmless
  })

  it('logs discarded messages with the [walletframe] prefix only in debug mode', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
    try {
      const quiet = setup({ preload: true })
      const loud = setup({ preload: true, debug: true })
      const [a, b] = [await quiet.nextModal(), await loud.nextModal()]
      for (const { messenger } of [a, b]) messenger.emit('account.changed', { status: 'bogus' } as never)
      await vi.waitFor(() =>
        expect(debug).toHaveBeenCalledWith('[walletframe]', 'invalid event', 'account.changed'),
      )
      expect(debug).toHaveBeenCalledTimes(1)
    } finally {
      debug.mockRestore()
    }
  })

  it('getLogs keeps the modal’s log lines and its own, oldest first, debug or not (spec §9 log buffer)', async () => {
    const { wf, nextModal } = setup({ preload: true })
    const { messenger } = await nextModal()
    messenger.emit('modal.log', { message: 'balance fetch failed: timeout' })
    messenger.emit('account.changed', { status: 'bogus' } as never)
    // A line longer than the channel allows is refused like any invalid message (and that is logged).
    messenger.emit('modal.log', { message: 'x'.repeat(1001) })
    await vi.waitFor(() => expect(wf.getLogs()).toHaveLength(3))
    expect(wf.getLogs().map((line) => line.replace(/^\d+ /, ''))).toEqual([
      'modal balance fetch failed: timeout',
      'invalid event account.changed',
      'invalid event modal.log',
    ])
  })

  it('opens the wallet app the modal names for a request, and only an app link (spec §3 deep-link choice)', async () => {
    const { wf, fake, nextModal } = setup({ preload: true })
    const { messenger } = await nextModal()
    const location = (fake as unknown as { location: { href: string } }).location
    messenger.emit('wallet.openDeepLink', { href: 'https://evil.example/' })
    messenger.emit('wallet.openDeepLink', { href: 'javascript://%0aalert(1)' })
    await vi.waitFor(() => expect(wf.getLogs()).toHaveLength(2))
    expect(wf.getLogs().every((line) => line.endsWith('invalid event wallet.openDeepLink'))).toBe(true)
    expect(location.href).toBe('https://dapp.example/')
    messenger.emit('wallet.openDeepLink', { href: 'rainbow://' })
    await vi.waitFor(() => expect(location.href).toBe('rainbow://'))
  })

  it('getSession reads the session the page kept, follows the modal, and signOut asks the modal (spec §4 sign-in)', async () => {
    const session = {
      id: 'c'.repeat(32),
      address: ADDRESS,
      chainId: 31337,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      message: 'm',
      signature: '0x01',
      pci: 'proof',
    }
    const storage = new FakeStorage()
    storage.setItem('@walletframe/siwx-session', JSON.stringify(session))
    const { wf, nextModal } = setup({ preload: true, siwx: {} }, { storage })
    // Before the frame has even loaded: a reload keeps the dapp signed in.
    expect(wf.getSession()).toEqual(session)
    const seen: unknown[] = []
    wf.subscribeSession((next) => seen.push(next))
    const { messenger } = await nextModal()
    messenger.emit('siwx.session', { session: { ...session, id: 'd'.repeat(32) } })
    await vi.waitFor(() => expect(wf.getSession()?.id).toBe('d'.repeat(32)))
    await wf.signOut()
    await vi.waitFor(() => expect(wf.getSession()).toBeUndefined())
    expect(seen).toEqual([{ ...session, id: 'd'.repeat(32) }, undefined])
  })

  it('getSession leaves out an expired or malformed stored session', () => {
    const storage = new FakeStorage()
    storage.setItem('@walletframe/siwx-session', JSON.stringify({ id: 'nope' }))
    expect(setup({ preload: false }, { storage }).wf.getSession()).toBeUndefined()
    const expired = {
      id: 'c'.repeat(32),
      address: ADDRESS,
      chainId: 1,
      expiresAt: '2020-01-01T00:00:00.000Z',
      message: 'm',
      signature: '0x',
      pci: 'p',
    }
    storage.setItem('@walletframe/siwx-session', JSON.stringify(expired))
    expect(setup({ preload: false }, { storage }).wf.getSession()).toBeUndefined()
  })

  it('getProvider refuses another namespace', () => {
    const { wf } = setup()
    expect(() => wf.getProvider('solana' as never)).toThrow(
      expect.objectContaining({ reason: MODAL_ERRORS.unsupportedNamespace.reason, details: 'solana' }),
    )
  })
})

describe('inline mounting (spec §2 embedded mode)', () => {
  const containerIn = (fake: ReturnType<typeof setup>['fake']) => {
    const container = new FakeParent(fake.document)
    fake.document.body.appendChild(container)
    return container
  }

  it('mount() puts the modal inline: a block filling the element, always shown, embedded in its init', async () => {
    const { wf, fake, frame, nextModal } = setup({ preload: false })
    const container = containerIn(fake)
    wf.mount(container as never)
    expect(frame().parentNode).toBe(container)
    expect(frame().style.cssText).toBe(
      'display:block;width:100%;height:100%;border:0;background:transparent;color-scheme:normal',
    )
    const modal = await nextModal()
    expect(modal.init.embedded).toBe(true)
    await wf.open()
    await wf.close()
    expect(frame().style.display).toBeUndefined() // never hidden, never moved to an overlay
    expect(fake.document.activeElement).not.toBe(frame()) // nor does it take the page's focus
  })

  it('with appendTo: false, makes no frame by itself and refuses calls until mount()', async () => {
    const { wf, fake, nextModal } = setup({ appendTo: false })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(fake.document.frames).toHaveLength(0)
    expect(await errorOf(wf.connect())).toMatchObject({ code: 4900, reason: 'NotMounted' })
    wf.mount(containerIn(fake) as never)
    await nextModal()
    await wf.open()
    expect(fake.document.frames).toHaveLength(1)
  })

  it('a frame preloaded in the body is made again inside the container', async () => {
    const { wf, fake, frame, nextModal } = setup()
    await nextModal()
    const container = containerIn(fake)
    wf.mount(container as never)
    expect(frame(0).isConnected).toBe(false)
    expect(frame(1).parentNode).toBe(container)
    expect((await nextModal()).init.embedded).toBe(true)
  })
})
