/**
 * WalletConnect through the session over a real channel: the test plays the host page (SDK side)
 * and, through the fake sign-client, the wallet on the other side of the relay.
 */
import { type ModalInit, type ParamsOf, STORAGE_KEYS } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeWallet, openChannel, serveWallets } from '../features/connect/test-wallet.ts'
import {
  createFakeSignClient,
  type FakeSignClient,
  WALLET_ADDRESS,
} from '../features/walletconnect/fake-sign-client.ts'
import { showsWalletConnectEntry } from '../features/walletconnect/session-walletconnect.ts'
import { WALLETCONNECT_CONNECTOR_ID } from '../features/walletconnect/walletconnect-connector.ts'
import { createSession } from './session.ts'
import { testInit, testNetwork } from './test-support.ts'

// Nothing listens there: balance reads fail fast and are not what these tests look at.
const networks = [testNetwork(31337, 'http://127.0.0.1:9/'), testNetwork(31338, 'http://127.0.0.1:9/')]
const closers: Array<() => void> = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
})

function start(
  options: {
    fake?: FakeSignClient
    relayUrl?: string | null
    init?: Partial<ModalInit>
    hostWallets?: boolean
  } = {},
) {
  const fake = options.fake ?? createFakeSignClient()
  const channel = openChannel()
  closers.push(channel.close)
  const provider: ParamsOf<'provider.event'>[] = []
  const accounts: ParamsOf<'account.changed'>[] = []
  const hostStorage = new Map(Object.entries(options.init?.storage ?? {}))
  channel.host.on('provider.event', (params) => provider.push(params))
  channel.host.on('account.changed', (params) => accounts.push(params))
  channel.host.handle('storage.set', ({ key, value }) => {
    hostStorage.set(key, value)
    return null
  })
  channel.host.on('storage.remove', ({ key }) => hostStorage.delete(key))
  const wallet = createFakeWallet()
  serveWallets(channel.host, options.hostWallets ? [wallet] : [])
  const loadClient = vi.fn(async () => fake.client)
  const session = createSession(
    options.relayUrl === null
      ? {}
      : { walletConnect: { relayUrl: options.relayUrl ?? 'ws://relay.test', loadClient } },
  )
  session.attach(
    channel.modal,
    testInit({ networks, wallets: options.hostWallets ? [wallet.descriptor] : [], ...options.init }),
  )
  const state = () => session.store.get()
  return { fake, session, channel, provider, accounts, hostStorage, loadClient, state, wallet }
}

async function connectThroughQr(ctx: ReturnType<typeof start>) {
  ctx.session.open()
  ctx.session.selectWalletConnect()
  await vi.waitFor(() => expect(ctx.fake.proposals).toHaveLength(1))
  const session = ctx.fake.proposals[0]!.approve()
  await vi.waitFor(() => expect(ctx.state().account.status).toBe('connected'))
  return session
}

describe('WalletConnect in the session', () => {
  it('is not offered without a relay, and sign-client is never loaded', () => {
    const ctx = start({ relayUrl: null })
    expect(ctx.state().walletConnect.available).toBe(false)
    ctx.session.open()
    expect(ctx.state().view).toBe('Connect')
    expect(ctx.loadClient).not.toHaveBeenCalled()
  })

  it('with no adapters opens ConnectingWalletConnectBasic and starts pairing there (spec §2)', async () => {
    const ctx = start()
    ctx.session.open()
    expect(ctx.state().view).toBe('ConnectingWalletConnectBasic')
    await vi.waitFor(() => expect(ctx.state().walletConnect.pairing.status).toBe('ready'))
    expect(ctx.state().walletConnect.flow).toBe('requesting')
  })

  it('on a phone with no adapters opens AllWallets instead', () => {
    const ctx = start({ init: { isMobile: true } })
    ctx.session.open()
    expect(ctx.state().view).toBe('AllWallets')
    expect(ctx.loadClient).not.toHaveBeenCalled()
  })

  it('with host wallets opens Connect; picking WalletConnect pushes its view and connects', async () => {
    const ctx = start({ hostWallets: true })
    ctx.session.open()
    expect(ctx.state().view).toBe('Connect')
    const wcSession = await connectThroughQr(ctx)
    expect(ctx.state().view).toBe('Account')
    expect(ctx.state().account).toMatchObject({
      address: WALLET_ADDRESS,
      chainId: 31337,
      connectorId: WALLETCONNECT_CONNECTOR_ID,
    })
    await vi.waitFor(() =>
      expect(ctx.provider).toContainEqual({ event: 'accountsChanged', data: [WALLET_ADDRESS] }),
    )
    await vi.waitFor(() => expect(ctx.hostStorage.get(STORAGE_KEYS.connectorId)).toBe('walletConnect'))
    expect(ctx.hostStorage.get(STORAGE_KEYS.connectionStatus)).toBe('connected')
    // WalletConnect does not take a slot in the host wallets' recent list.
    expect(ctx.state().recent).toEqual([])
    expect(wcSession.topic).toBeTruthy()
  })

  it('leaving the view ends the attempt; coming back shows a new pairing', async () => {
    const ctx = start({ hostWallets: true })
    ctx.session.open()
    ctx.session.selectWalletConnect()
    await vi.waitFor(() => expect(ctx.state().walletConnect.pairing.status).toBe('ready'))
    ctx.session.back()
    await vi.waitFor(() => expect(ctx.state().walletConnect.flow).toBeUndefined())
    ctx.session.selectWalletConnect()
    await vi.waitFor(() => expect(ctx.fake.proposals).toHaveLength(2))
    await vi.waitFor(() =>
      expect(ctx.state().walletConnect.pairing).toMatchObject({ uri: ctx.fake.proposals[1]!.uri }),
    )
  })

  it('a declined proposal shows declined, and Try again pairs anew', async () => {
    const ctx = start()
    ctx.session.open()
    await vi.waitFor(() => expect(ctx.fake.proposals).toHaveLength(1))
    ctx.fake.proposals[0]!.reject({ code: 5000, message: 'User rejected.' })
    await vi.waitFor(() => expect(ctx.state().walletConnect.flow).toBe('declined'))
    ctx.session.retryConnect()
    await vi.waitFor(() => expect(ctx.fake.proposals).toHaveLength(2))
    ctx.fake.proposals[1]!.approve()
    await vi.waitFor(() => expect(ctx.state().account.status).toBe('connected'))
  })

  it('routes the dapp’s wallet requests to the wallet over the session', async () => {
    const ctx = start()
    const wcSession = await connectThroughQr(ctx)
    ctx.fake.answerWith(async ({ request }) => (request.method === 'personal_sign' ? '0xsigned' : '0xhash'))
    await expect(
      ctx.channel.host.request('rpc.request', { method: 'personal_sign', params: ['0x68', WALLET_ADDRESS] }),
    ).resolves.toBe('0xsigned')
    await expect(
      ctx.channel.host.request('rpc.request', {
        method: 'eth_sendTransaction',
        params: [{ from: WALLET_ADDRESS }],
      }),
    ).resolves.toBe('0xhash')
    await ctx.channel.host.request('rpc.request', {
      method: 'eth_signTypedData_v4',
      params: [WALLET_ADDRESS, '{"types":{}}'],
    })
    expect(ctx.fake.requests.map((r) => [r.topic, r.chainId, r.request.method])).toEqual([
      [wcSession.topic, 'eip155:31337', 'personal_sign'],
      [wcSession.topic, 'eip155:31337', 'eth_sendTransaction'],
      [wcSession.topic, 'eip155:31337', 'eth_signTypedData_v4'],
    ])
  })

  it('wallet_switchEthereumChain to a session chain sets the default chain without asking the wallet', async () => {
    const ctx = start()
    await connectThroughQr(ctx)
    await ctx.channel.host.request('rpc.request', {
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6a' }],
    })
    expect(ctx.fake.requests).toHaveLength(0)
    expect(ctx.state().account.chainId).toBe(31338)
    expect(ctx.provider).toContainEqual({ event: 'chainChanged', data: '0x7a6a' })
  })

  it('wallet-side chainChanged, accountsChanged and session deletion reach the dapp', async () => {
    const ctx = start()
    const { topic } = await connectThroughQr(ctx)
    const other = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
    ctx.fake.emit({
      name: 'session_event',
      payload: { topic, params: { event: { name: 'chainChanged', data: 31338 }, chainId: 'eip155:31338' } },
    })
    ctx.fake.emit({
      name: 'session_event',
      payload: {
        topic,
        params: { event: { name: 'accountsChanged', data: [other] }, chainId: 'eip155:31338' },
      },
    })
    await vi.waitFor(() => expect(ctx.provider).toContainEqual({ event: 'accountsChanged', data: [other] }))
    expect(ctx.provider).toContainEqual({ event: 'chainChanged', data: '0x7a6a' })
    expect(ctx.state().account).toMatchObject({ address: other, chainId: 31338 })
    ctx.fake.emit({ name: 'session_delete', payload: { topic } })
    await vi.waitFor(() => expect(ctx.provider.at(-1)).toMatchObject({ event: 'disconnect' }))
    expect(ctx.state().account.status).toBe('disconnected')
  })

  it('host wallet events never speak for the WalletConnect session', async () => {
    const ctx = start()
    await connectThroughQr(ctx)
    ctx.channel.host.emit('host.walletEvent', { walletId: 'walletConnect', event: 'disconnect', data: null })
    // A request after the event is handled after it (one ordered port): its answer is the barrier.
    await ctx.channel.host.request('theme.set', {})
    expect(ctx.state().account.status).toBe('connected')
  })

  it('disconnect deletes the session on the wallet side too', async () => {
    const ctx = start()
    const { topic } = await connectThroughQr(ctx)
    await ctx.channel.host.request('wallet.disconnect', {})
    expect(ctx.state().account.status).toBe('disconnected')
    await vi.waitFor(() =>
      expect(ctx.fake.client.disconnect).toHaveBeenCalledWith(expect.objectContaining({ topic })),
    )
  })

  it('a reload restores the stored session without opening the modal', async () => {
    const first = start()
    const wcSession = await connectThroughQr(first)
    // The next page load: the host hands back its storage, sign-client finds the session in it.
    const reloaded = start({
      fake: createFakeSignClient({ stored: [wcSession] }),
      init: { storage: Object.fromEntries(first.hostStorage) },
    })
    await vi.waitFor(() => expect(reloaded.state().account.status).toBe('connected'))
    expect(reloaded.state().account).toMatchObject({ address: WALLET_ADDRESS, connectorId: 'walletConnect' })
    expect(reloaded.state().open).toBe(false)
    expect(reloaded.accounts.map((a) => a.status)).toEqual(['disconnected', 'connecting', 'connected'])
  })

  it('a reload whose session is gone ends disconnected', async () => {
    const ctx = start({
      init: {
        storage: {
          [STORAGE_KEYS.connectionStatus]: 'connected',
          [STORAGE_KEYS.connectorId]: 'walletConnect',
        },
      },
    })
    await vi.waitFor(() => expect(ctx.accounts.at(-1)?.status).toBe('disconnected'))
    expect(ctx.accounts.map((a) => a.status)).toContain('connecting')
    expect(ctx.hostStorage.get(STORAGE_KEYS.connectionStatus)).toBe('disconnected')
  })

  it('copies the pairing URI and shows a success toast', async () => {
    const writeText = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { clipboard: { writeText }, userAgent: 'test' })
    try {
      const ctx = start()
      ctx.session.open()
      await vi.waitFor(() => expect(ctx.state().walletConnect.pairing.status).toBe('ready'))
      await ctx.session.copyPairingUri()
      expect(writeText).toHaveBeenCalledWith(ctx.fake.proposals[0]!.uri)
      expect(ctx.state().toast).toMatchObject({ variant: 'success', message: 'Link copied' })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('the walletConnect entry (spec §5)', () => {
  it('is hidden when connected through WalletConnect, and without a relay', () => {
    expect(showsWalletConnectEntry({ available: true }, { status: 'disconnected' })).toBe(true)
    expect(
      showsWalletConnectEntry({ available: true }, { status: 'connected', connectorId: 'io.metamask' }),
    ).toBe(true)
    expect(
      showsWalletConnectEntry({ available: true }, { status: 'connected', connectorId: 'walletConnect' }),
    ).toBe(false)
    expect(showsWalletConnectEntry({ available: false }, { status: 'disconnected' })).toBe(false)
  })
})
