/**
 * Spec §3 "deep-link choice" (mobile WalletConnect): the wallet app a phone user opened to connect
 * is kept through the host's storage and opened again, by the host page, for each later request
 * the wallet must answer. The test plays the host page over a real channel and, through the fake
 * sign-client, the wallet.
 */
import { type ParamsOf, STORAGE_KEYS } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openChannel } from '../features/connect/test-wallet.ts'
import { createFakeSignClient, WALLET_ADDRESS } from '../features/walletconnect/fake-sign-client.ts'
import { createSession } from './session.ts'
import { testInit, testNetwork } from './test-support.ts'

const RAINBOW = { id: 'rainbow', name: 'Rainbow', mobile_link: 'rainbow:', desktop_link: null }
const closers: Array<() => void> = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
})

function start(isMobile: boolean, storage: Record<string, string> = {}) {
  const fake = createFakeSignClient()
  const channel = openChannel()
  closers.push(channel.close)
  const hostStorage = new Map(Object.entries(storage))
  const opened: string[] = []
  /** What the host heard, in order: deep links opened and requests that reached the wallet. */
  const order: string[] = []
  channel.host.handle('storage.set', ({ key, value }) => {
    hostStorage.set(key, value)
    return null
  })
  channel.host.on('storage.remove', ({ key }) => hostStorage.delete(key))
  channel.host.on('wallet.openDeepLink', ({ href }: ParamsOf<'wallet.openDeepLink'>) => {
    opened.push(href)
    order.push(`open ${href}`)
  })
  fake.answerWith(async ({ request }) => {
    order.push(`wallet ${request.method}`)
    return '0xsigned'
  })
  const session = createSession({
    walletConnect: { relayUrl: 'ws://relay.test', loadClient: async () => fake.client },
  })
  session.attach(
    channel.modal,
    testInit({ networks: [testNetwork(31337, 'http://127.0.0.1:9/')], isMobile, storage }),
  )
  const state = () => session.store.get()
  return { fake, session, channel, hostStorage, opened, order, state }
}

/** Picks Rainbow in AllWallets, taps "Open Rainbow", and the wallet approves. */
async function connectThroughRainbow(ctx: ReturnType<typeof start>) {
  ctx.session.open()
  ctx.session.selectWalletConnect(RAINBOW)
  await vi.waitFor(() => expect(ctx.state().walletConnect.pairing.status).toBe('ready'))
  ctx.session.chooseDeepLink()
  ctx.fake.proposals[0]!.approve()
  await vi.waitFor(() => expect(ctx.state().account.status).toBe('connected'))
}

const sign = (ctx: ReturnType<typeof start>) =>
  ctx.channel.host.request('rpc.request', { method: 'personal_sign', params: ['0x68', WALLET_ADDRESS] })

describe('the deep-link choice (spec §3, mobile WalletConnect)', () => {
  it('is kept when the user opens the wallet app, and the app is opened before each signing request', async () => {
    const ctx = start(true)
    await connectThroughRainbow(ctx)
    await vi.waitFor(() => expect(ctx.hostStorage.has(STORAGE_KEYS.deepLinkChoice)).toBe(true))
    expect(JSON.parse(ctx.hostStorage.get(STORAGE_KEYS.deepLinkChoice)!)).toEqual({
      name: 'Rainbow',
      href: 'rainbow://',
    })
    // The host hears of the app (an event) while the request goes to the wallet (the relay).
    await expect(sign(ctx)).resolves.toBe('0xsigned')
    await vi.waitFor(() => expect(ctx.opened).toEqual(['rainbow://']))
    await expect(sign(ctx)).resolves.toBe('0xsigned')
    await vi.waitFor(() => expect(ctx.opened).toEqual(['rainbow://', 'rainbow://']))
  })

  it('a request the wallet answers without a prompt does not open the app', async () => {
    const ctx = start(true)
    await connectThroughRainbow(ctx)
    await ctx.channel.host.request('rpc.request', {
      method: 'wallet_getCapabilities',
      params: [WALLET_ADDRESS],
    })
    // Then a signing request: the only deep link the host hears of is its own (the event comes
    // before the request's answer on the one ordered port).
    await sign(ctx)
    expect(ctx.opened).toEqual(['rainbow://'])
    expect(ctx.order.filter((entry) => entry.startsWith('wallet'))).toEqual([
      'wallet wallet_getCapabilities',
      'wallet personal_sign',
    ])
  })

  it('a later page load reopens the stored choice; disconnect forgets it', async () => {
    const first = start(true)
    await connectThroughRainbow(first)
    await vi.waitFor(() => expect(first.hostStorage.has(STORAGE_KEYS.deepLinkChoice)).toBe(true))
    await first.channel.host.request('wallet.disconnect', {})
    await vi.waitFor(() => expect(first.hostStorage.has(STORAGE_KEYS.deepLinkChoice)).toBe(false))

    const stored = { [STORAGE_KEYS.deepLinkChoice]: JSON.stringify({ name: 'Rainbow', href: 'rainbow://' }) }
    const later = start(true, stored)
    later.session.open()
    later.session.selectWalletConnect()
    await vi.waitFor(() => expect(later.fake.proposals).toHaveLength(1))
    later.fake.proposals[0]!.approve()
    await vi.waitFor(() => expect(later.state().account.status).toBe('connected'))
    await sign(later)
    expect(later.opened).toEqual(['rainbow://'])
  })

  it('is neither kept nor used on a desktop, and a forged stored link is not believed', async () => {
    const desktop = start(false)
    await connectThroughRainbow(desktop)
    await sign(desktop)
    expect(desktop.hostStorage.has(STORAGE_KEYS.deepLinkChoice)).toBe(false)
    expect(desktop.opened).toEqual([])

    const forged = {
      [STORAGE_KEYS.deepLinkChoice]: JSON.stringify({ name: 'x', href: 'https://evil.example/' }),
    }
    const ctx = start(true, forged)
    ctx.session.open()
    ctx.session.selectWalletConnect()
    await vi.waitFor(() => expect(ctx.fake.proposals).toHaveLength(1))
    ctx.fake.proposals[0]!.approve()
    await vi.waitFor(() => expect(ctx.state().account.status).toBe('connected'))
    await sign(ctx)
    expect(ctx.opened).toEqual([])
  })
})
