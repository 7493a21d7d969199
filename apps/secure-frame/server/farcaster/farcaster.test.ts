import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import {
  type Devnet,
  DevnetIdRegistry,
  devnetIdRegistryAddress,
  FARCASTER_DEPLOYER_INDEX,
  farcasterCustodyKey,
  farcasterTestAccounts,
  startDevnet,
} from '@walletframe/devnet'
import {
  type FarcasterAuthenticateRequest,
  KEY_SERVER_PATHS as PATHS,
  SIWF,
  TIME,
} from '@walletframe/protocol'
import { freePort } from '@walletframe/testing'
import {
  type FarcasterPhoneAccount,
  fetchRelay,
  parseSignInLink,
  postSignIn,
  type RelaySend,
  type SignInLink,
  type SignInOptions,
  signInWithFarcaster,
  signSignIn,
} from '@walletframe/testing/farcaster'
import { createPublicClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVNET_ID_REGISTRY, type FarcasterConfig, resolveKeyServerConfig } from '../config.ts'
import {
  KEY_ORIGIN,
  TEST_BACKENDS,
  TEST_PROJECT,
  type TestBrowser,
  type TestKeyServer,
  type TestResponse,
  useKeyServer,
} from '../test-support/key-server.ts'

const [alice, bob] = farcasterTestAccounts()
if (!alice || !bob) throw new Error('the devnet has no Farcaster test accounts')

// The devnet (one chain with the fixtures, hence the IdRegistry) is started before the key servers,
// which read `farcaster.rpcUrl` when their app is made.
const farcaster: FarcasterConfig = { rpcUrl: '', idRegistry: devnetIdRegistryAddress(), statusWaitMs: 1_000 }
let devnet: Devnet | undefined
beforeAll(async () => {
  const port = await freePort()
  devnet = await startDevnet({
    host: '127.0.0.1',
    chains: [{ chainId: 31_337, name: 'Farcaster test devnet', port, rpcUrl: `http://127.0.0.1:${port}` }],
  })
  farcaster.rpcUrl = devnet.chains[0]!.rpcUrl
})
afterAll(async () => {
  await devnet?.close()
})

let registered = 0
/** A new fid on the devnet's IdRegistry (registered by its owner, account #8), for a test of its own. */
async function newFid(): Promise<FarcasterPhoneAccount> {
  const started = devnet ?? expect.fail('no devnet')
  const chain = started.chains[0]!
  const owner = privateKeyToAccount(started.accounts[FARCASTER_DEPLOYER_INDEX]!.privateKey)
  const custody = farcasterCustodyKey(`test ${process.pid} ${++registered} ${Math.random()}`)
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const { result: fid, request } = await client.simulateContract({
    address: farcaster.idRegistry,
    abi: DevnetIdRegistry.abi,
    functionName: 'register',
    args: [custody.address],
    account: owner,
  })
  const hash = await createWalletClient({ account: owner, transport: http(chain.rpcUrl) }).writeContract({
    ...request,
    chain: null,
  })
  await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return { fid, username: `fid-${fid}`, custody }
}

/** The phone's way to the relay: no cookies, no Origin, its own IP; answers keep their headers. */
const phoneOf =
  (server: TestKeyServer): RelaySend =>
  (path, init) =>
    server.browser().request(path, { body: init.body, headers: init.headers, origin: null })

/** Posts a signed body to the link's channel as the phone. */
const relay = (server: TestKeyServer, link: SignInLink, body: FarcasterAuthenticateRequest) =>
  postSignIn(link, body, phoneOf(server)) as Promise<TestResponse>

async function openChannel(browser: TestBrowser) {
  const opened = await browser.post(PATHS.farcasterChannel, { projectId: TEST_PROJECT })
  expect(opened.status, JSON.stringify(opened.body)).toBe(201)
  return opened.body as { channelToken: string; url: string; nonce: string; expiresAt: string }
}

describe.each(TEST_BACKENDS)('Sign In With Farcaster on $name', (backend) => {
  const server = useKeyServer(backend, { farcaster })
  const phone = (options: SignInOptions = {}): SignInOptions & { send: RelaySend } => ({
    now: new Date(server.now),
    send: phoneOf(server),
    ...options,
  })
  const status = (browser: TestBrowser, channelToken: string) =>
    browser.post(PATHS.farcasterStatus, { channelToken })

  it('signs in by the custody key: one user per fid, the same on the next login, another for another fid', async () => {
    const browser = server.browser()
    const channel = await openChannel(browser)
    const link = parseSignInLink(channel.url)
    expect(channel.url.startsWith(`${SIWF.connectUrl}?`)).toBe(true)
    expect(link).toEqual({
      channelToken: channel.channelToken,
      nonce: channel.nonce,
      siweUri: `${KEY_ORIGIN}${PATHS.frame}`,
      domain: 'localhost:5177',
      notBefore: new Date(server.now).toISOString(),
      expirationTime: new Date(server.now + TIME.farcasterChannelLifetimeMs).toISOString(),
    })
    expect(channel.expiresAt).toBe(link.expirationTime)
    expect(browser.cookies.has('wf_device')).toBe(true)
    expect((await status(browser, channel.channelToken)).body).toEqual({ state: 'pending' })

    const signed = await signInWithFarcaster(channel.url, alice, phone())
    expect(signed).toMatchObject({
      status: 201,
      body: { state: 'completed', fid: 1, custody: alice.custody.address },
    })
    const first = await status(browser, channel.channelToken)
    expect(first.body).toEqual({
      state: 'completed',
      fid: 1,
      userName: 'alice',
      isNewUser: true,
      needsSetup: true,
    })
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect((await browser.request(PATHS.session)).body).toEqual({
      isConnected: true,
      user: { userName: 'alice', socialProvider: 'farcaster' },
    })

    // No email: the passkey is named by the username, and there is no address to update.
    const options = await browser.post(PATHS.passkeyRegisterOptions, {})
    expect(options.body.user).toMatchObject({ name: 'alice' })
    const update = await browser.post(PATHS.emailUpdate, { email: 'alice@example.com' })
    server.expectError(update, 400, 'INVALID_INPUT')
    expect(update.body.message).toBe('This account has no email address to update')

    // The fresh session may set up the wallet; the next login of the fid finds it.
    const address = `0x${'a1'.repeat(20)}`
    const recovery = { ciphertext: 'AAAA', iv: 'AAECAwQFBgcICQoL', salt: 'c2FsdA==' }
    const wallet = await browser.post(PATHS.wallet, { address, authShare: 'AQID', recovery })
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(201)

    const elsewhere = server.browser()
    const again = await openChannel(elsewhere)
    expect((await signInWithFarcaster(again.url, alice, phone())).status).toBe(201)
    expect((await status(elsewhere, again.channelToken)).body).toEqual({
      state: 'completed',
      fid: 1,
      userName: 'alice',
      isNewUser: false,
      needsSetup: false,
      address,
    })

    const third = await openChannel(elsewhere)
    expect((await signInWithFarcaster(third.url, bob, phone())).status).toBe(201)
    expect((await status(elsewhere, third.channelToken)).body).toEqual({
      state: 'completed',
      fid: 2,
      userName: 'bob',
      isNewUser: true,
      needsSetup: true,
    })
    // The new login replaced the browser's session: bob's, without alice's wallet.
    expect((await elsewhere.request(PATHS.session)).body).toEqual({
      isConnected: true,
      user: { userName: 'bob', socialProvider: 'farcaster' },
    })
    const users = await server.db.query<{ email: string | null }>(
      `SELECT u.email FROM key_server.identities i JOIN key_server.users u ON u.id = i.user_id
       WHERE i.provider = 'farcaster' ORDER BY i.subject`,
    )
    expect(users).toEqual([{ email: null }, { email: null }])
  })

  it('refuses a signature that is not from the custody key of the fid', async () => {
    const account = await newFid()
    const browser = server.browser()
    const channel = await openChannel(browser)
    const link = parseSignInLink(channel.url)
    const other = farcasterCustodyKey('not the custody key')
    // The message names the custody address but another key signed it…
    const forged = await signSignIn(link, account, phone({ signWith: other.privateKey }))
    server.expectError(await relay(server, link, forged), 401, 'FARCASTER_SIGNATURE_REFUSED')
    // …or it is consistent, signed by and naming an address that is not the fid's custody…
    const impostor = await signSignIn(link, { ...account, custody: other }, phone())
    server.expectError(await relay(server, link, impostor), 401, 'FARCASTER_SIGNATURE_REFUSED')
    // …or the fid does not exist: its custody is the zero address.
    const ghost = await signSignIn(link, { ...account, fid: 4_000_000 }, phone())
    server.expectError(await relay(server, link, ghost), 401, 'FARCASTER_SIGNATURE_REFUSED')
    // …or the message was changed after it was signed.
    const signed = await signSignIn(link, account, phone())
    const tampered = { ...signed, message: signed.message.replace('Issued At: 2026', 'Issued At: 2025') }
    server.expectError(await relay(server, link, tampered), 401, 'FARCASTER_SIGNATURE_REFUSED')

    // None of it touched the channel: the custody key still signs in.
    expect((await status(browser, channel.channelToken)).body).toEqual({ state: 'pending' })
    expect((await relay(server, link, signed)).status).toBe(201)
    expect((await status(browser, channel.channelToken)).body).toMatchObject({
      state: 'completed',
      isNewUser: true,
    })
  })

  it('refuses a message for another nonce, domain, URI, statement, chain or fid, or out of its time', async () => {
    const account = await newFid()
    const browser = server.browser()
    const channel = await openChannel(browser)
    const link = parseSignInLink(channel.url)
    const wrong: Array<[string, SignInOptions]> = [
      ['nonce', { message: { nonce: 'a1b2c3d4e5f6a7b8' } }],
      ['domain', { message: { domain: 'evil.example' } }],
      ['URI', { message: { uri: 'https://evil.example/login' } }],
      ['statement', { message: { statement: 'Sign in to Evil' } }],
      ['chain', { message: { chainId: 1 } }],
      ['no fid', { message: { resources: [] } }],
      ['two fids', { message: { resources: [`farcaster://fid/${account.fid}`, 'farcaster://fid/1'] } }],
      [
        'auth address',
        { message: { resources: [`farcaster://fid/${account.fid}`, 'farcaster://signer/type/authAddress'] } },
      ],
      ['posted fid', { fid: Number(account.fid) + 1 }],
      ['expired', { message: { expirationTime: new Date(server.now - 1_000) } }],
      ['not yet valid', { message: { notBefore: new Date(server.now + 60_000) } }],
    ]
    for (const [what, options] of wrong) {
      const body = await signSignIn(link, account, phone(options))
      const answer = await relay(server, link, body)
      expect(answer.status, what).toBe(400)
      expect(answer.body.code, what).toBe('FARCASTER_MESSAGE_INVALID')
    }
    // Not an EIP-4361 message at all, or one with more after it than it says.
    const signed = await signSignIn(link, account, phone())
    for (const message of ['hello', `${signed.message}\nand more`]) {
      const answer = await relay(server, link, { ...signed, message })
      server.expectError(answer, 400, 'FARCASTER_MESSAGE_INVALID')
    }
    expect((await status(browser, channel.channelToken)).body).toEqual({ state: 'pending' })
  })

  it('refuses an expired channel, a replay, and a channel token of another browser', async () => {
    const account = await newFid()
    const browser = server.browser()

    const late = await openChannel(browser)
    const lateBody = await signSignIn(parseSignInLink(late.url), account, phone())
    server.advance(TIME.farcasterChannelLifetimeMs)
    server.expectError(
      await relay(server, parseSignInLink(late.url), lateBody),
      410,
      'FARCASTER_CHANNEL_EXPIRED',
    )
    server.expectError(await status(browser, late.channelToken), 410, 'FARCASTER_CHANNEL_EXPIRED')

    const channel = await openChannel(browser)
    const link = parseSignInLink(channel.url)
    const body = await signSignIn(link, account, phone())
    // Another browser that learned the token (the QR code seen over a shoulder) gets nothing.
    const onlooker = server.browser()
    await onlooker.post(PATHS.farcasterChannel, { projectId: TEST_PROJECT }) // has a device cookie of its own
    server.expectError(await status(onlooker, channel.channelToken), 401, 'FARCASTER_CHANNEL_UNKNOWN')
    expect((await relay(server, link, body)).status).toBe(201)
    server.expectError(await status(onlooker, channel.channelToken), 401, 'FARCASTER_CHANNEL_UNKNOWN')
    expect(onlooker.cookies.has('wf_session')).toBe(false)

    // Replays: the same post to the same channel, the session taken twice, the post to a new channel.
    server.expectError(await relay(server, link, body), 409, 'FARCASTER_CHANNEL_USED')
    expect((await status(browser, channel.channelToken)).body).toMatchObject({ state: 'completed' })
    server.expectError(await status(browser, channel.channelToken), 409, 'FARCASTER_CHANNEL_USED')
    const next = await openChannel(browser)
    const replayed = await relay(server, parseSignInLink(next.url), body)
    server.expectError(replayed, 400, 'FARCASTER_MESSAGE_INVALID')
    expect(replayed.body.message).toContain('wrong nonce')

    // Unknown tokens, from the phone or the frame.
    const stranger = { ...link, channelToken: 'x'.repeat(43) }
    server.expectError(await relay(server, stranger, body), 401, 'FARCASTER_CHANNEL_UNKNOWN')
    server.expectError(await status(browser, 'x'.repeat(43)), 401, 'FARCASTER_CHANNEL_UNKNOWN')
  })

  it('wakes the waiting key frame as soon as the phone has signed', async () => {
    const account = await newFid()
    const browser = server.browser()
    const channel = await openChannel(browser)
    const started = Date.now()
    const waiting = status(browser, channel.channelToken)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await signInWithFarcaster(channel.url, account, phone())).status).toBe(201)
    expect((await waiting).body).toMatchObject({ state: 'completed', fid: Number(account.fid) })
    expect(Date.now() - started).toBeLessThan(farcaster.statusWaitMs)
  })

  it('lets the phone post over HTTP, as a Farcaster client does', async () => {
    const account = await newFid()
    const listening = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 })
    await once(listening, 'listening')
    try {
      const { port } = listening.address() as AddressInfo
      const browser = server.browser()
      const channel = await openChannel(browser)
      const answer = await signInWithFarcaster(channel.url, account, {
        now: new Date(server.now),
        send: fetchRelay(`http://127.0.0.1:${port}`),
      })
      expect(answer).toEqual({
        status: 201,
        body: {
          state: 'completed',
          fid: Number(account.fid),
          custody: privateKeyToAccount(account.custody.privateKey).address,
        },
      })
      expect((await status(browser, channel.channelToken)).body).toMatchObject({ state: 'completed' })
    } finally {
      await new Promise((resolve) => listening.close(resolve))
    }
  })

  it('takes the frame routes from the key origin only, the phone post from anywhere', async () => {
    const browser = server.browser()
    server.expectError(
      await browser.post(
        PATHS.farcasterChannel,
        { projectId: TEST_PROJECT },
        { origin: 'https://evil.example' },
      ),
      403,
      'CROSS_ORIGIN_REFUSED',
    )
    server.expectError(
      await browser.post(PATHS.farcasterChannel, { projectId: 'nope' }),
      403,
      'INVALID_PROJECT_ID',
    )
    const channel = await openChannel(browser)
    server.expectError(
      await browser.post(PATHS.farcasterStatus, { channelToken: channel.channelToken }, { origin: null }),
      403,
      'CROSS_ORIGIN_REFUSED',
    )
    const link = parseSignInLink(channel.url)
    const notJson = await server.browser().request(PATHS.farcasterAuthenticate, {
      body: 'message=hi',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${link.channelToken}`,
      },
      origin: null,
    })
    server.expectError(notJson, 415, 'UNSUPPORTED_MEDIA_TYPE')
  })
})

describe('Sign In With Farcaster when it cannot be used', () => {
  const off = useKeyServer(TEST_BACKENDS[0]!, { farcaster: undefined })
  const unreachable = useKeyServer(TEST_BACKENDS[0]!, {
    farcaster: { ...farcaster, rpcUrl: 'http://127.0.0.1:9' },
  })

  it('answers FARCASTER_UNAVAILABLE when not configured, or when the IdRegistry cannot be read', async () => {
    off.expectError(
      await off.browser().post(PATHS.farcasterChannel, { projectId: TEST_PROJECT }),
      503,
      'FARCASTER_UNAVAILABLE',
    )
    const browser = unreachable.browser()
    const channel = await openChannel(browser)
    const answer = (await signInWithFarcaster(channel.url, alice, {
      now: new Date(unreachable.now),
      send: phoneOf(unreachable),
    })) as TestResponse
    unreachable.expectError(answer, 503, 'FARCASTER_UNAVAILABLE')
  })
})

describe('Farcaster configuration', () => {
  it('defaults to the devnet outside production, to Optimism in production once an RPC is set', () => {
    expect(DEVNET_ID_REGISTRY).toBe(devnetIdRegistryAddress())
    expect(resolveKeyServerConfig({}).farcaster).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      idRegistry: DEVNET_ID_REGISTRY,
      statusWaitMs: TIME.farcasterStatusWaitMs,
    })
    const production = { NODE_ENV: 'production', WF_KEY_SERVER_SECRET: 'ab'.repeat(32) }
    expect(resolveKeyServerConfig(production).farcaster).toBeUndefined()
    expect(
      resolveKeyServerConfig({ ...production, WF_FARCASTER_RPC_URL: 'https://optimism.example/rpc' })
        .farcaster,
    ).toMatchObject({
      rpcUrl: 'https://optimism.example/rpc',
      idRegistry: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
    })
    const registry = `0x${'12'.repeat(20)}`
    expect(resolveKeyServerConfig({ WF_FARCASTER_ID_REGISTRY: registry }).farcaster?.idRegistry).toBe(
      registry,
    )
    expect(() => resolveKeyServerConfig({ WF_FARCASTER_RPC_URL: 'optimism' })).toThrow('WF_FARCASTER_RPC_URL')
    expect(() => resolveKeyServerConfig({ WF_FARCASTER_ID_REGISTRY: '0x12' })).toThrow(
      'WF_FARCASTER_ID_REGISTRY',
    )
  })
})
