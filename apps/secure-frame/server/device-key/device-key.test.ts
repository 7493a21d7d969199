import { KEY_SERVER_PATHS as PATHS, TIME } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { memoryDeviceKeyStore } from '../../src/key-window/device-key-store.ts'
import { keepDeviceShare, unlockDeviceShare } from '../../src/key-window/device-keys.ts'
import { freshEmail, TEST_BACKENDS, type TestBrowser, useKeyServer } from '../test-support/key-server.ts'

const address = () => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('hex')}`
const b64 = (text: string) => Buffer.from(text).toString('base64')
const sealed = { ciphertext: b64('recovery-ciphertext'), iv: 'AAECAwQFBgcICQoL', salt: 'c2FsdHNhbHRzYWx0' }

describe.each(TEST_BACKENDS)('the key window’s device keys on $name', (backend) => {
  const server = useKeyServer(backend)

  /** A user with a wallet whose device share a key window (in memory here) keeps. */
  async function userWithKeyWindow() {
    const browser = server.browser()
    const email = freshEmail()
    await server.login(browser, email)
    const wallet = { address: address(), authShare: b64('auth-share-bytes'), recovery: sealed }
    expect((await browser.post(PATHS.wallet, wallet)).status).toBe(201)
    const store = memoryDeviceKeyStore()
    const kept = await keepDeviceShare(store, { address: wallet.address, deviceShare: b64('device-share') })
    const registered = await browser.post(PATHS.deviceKeyRegister, kept)
    expect(registered.status, JSON.stringify(registered.body)).toBe(201)
    return { browser, email, wallet, store, credentialId: kept.credentialId }
  }

  async function unlock(
    browser: TestBrowser,
    store: ReturnType<typeof memoryDeviceKeyStore>,
    wallet: string,
  ) {
    const { body } = await browser.post(PATHS.deviceKeyChallenge)
    const answer = await unlockDeviceShare(store, { address: wallet, ...body })
    return { challenge: body.challenge as string, answer }
  }

  it('releases the auth share to a session after a reload for the window’s signature, and says so in the session', async () => {
    const { browser, email, wallet, store, credentialId } = await userWithKeyWindow()
    server.advance(TIME.freshAuthMs + 1) // a reload much later: the session is no longer fresh
    const session = await browser.request(PATHS.session)
    expect(session.body.user.unlock).toEqual({ passkey: false, keyWindow: true })
    const { challenge, answer } = await unlock(browser, store, wallet.address)
    expect(answer.credentialId).toBe(credentialId)
    expect(Buffer.from(answer.deviceShare, 'base64').toString()).toBe('device-share')
    const released = await browser.post(PATHS.deviceKeyAssert, {
      credentialId,
      challenge,
      signature: answer.signature,
    })
    expect(released.status, JSON.stringify(released.body)).toBe(200)
    expect(released.body).toEqual({ email, address: wallet.address, authShare: wallet.authShare })
  })

  it('refuses a replayed challenge, a signature over another challenge, another user’s key and no session', async () => {
    const { browser, store, wallet, credentialId } = await userWithKeyWindow()
    const { challenge, answer } = await unlock(browser, store, wallet.address)
    const assertion = { credentialId, challenge, signature: answer.signature }
    expect((await browser.post(PATHS.deviceKeyAssert, assertion)).status).toBe(200)
    server.expectError(
      await browser.post(PATHS.deviceKeyAssert, assertion),
      400,
      'DEVICE_KEY_CHALLENGE_INVALID',
    )

    const fresh = await browser.post(PATHS.deviceKeyChallenge)
    const otherChallenge = { credentialId, challenge: fresh.body.challenge, signature: answer.signature }
    server.expectError(await browser.post(PATHS.deviceKeyAssert, otherChallenge), 401, 'DEVICE_KEY_REFUSED')

    const other = await userWithKeyWindow()
    const stolen = await unlock(other.browser, other.store, other.wallet.address)
    const mine = await browser.post(PATHS.deviceKeyChallenge)
    const signedByOther = await unlockDeviceShare(other.store, {
      address: other.wallet.address,
      challenge: mine.body.challenge,
      credentialIds: [other.credentialId],
    })
    server.expectError(
      await browser.post(PATHS.deviceKeyAssert, {
        credentialId: other.credentialId,
        challenge: mine.body.challenge,
        signature: signedByOther.signature,
      }),
      401,
      'DEVICE_KEY_REFUSED',
    )
    expect(stolen.answer.credentialId).toBe(other.credentialId)

    const stranger = server.browser()
    server.expectError(await stranger.post(PATHS.deviceKeyChallenge), 401, 'SESSION_REQUIRED')
  })

  it('registers a device key only in a fresh session, for a user with a wallet', async () => {
    const { browser, wallet } = await userWithKeyWindow()
    const kept = await keepDeviceShare(memoryDeviceKeyStore(), {
      address: wallet.address,
      deviceShare: b64('device-share'),
    })
    server.advance(TIME.freshAuthMs + 1)
    server.expectError(await browser.post(PATHS.deviceKeyRegister, kept), 401, 'FRESH_AUTH_REQUIRED')

    const newcomer = server.browser()
    await server.login(newcomer, freshEmail())
    server.expectError(await newcomer.post(PATHS.deviceKeyRegister, kept), 404, 'WALLET_NOT_FOUND')
  })

  it('a window that keeps nothing for the wallet says to use the recovery code', async () => {
    const { browser, wallet } = await userWithKeyWindow()
    const { body } = await browser.post(PATHS.deviceKeyChallenge)
    await expect(
      unlockDeviceShare(memoryDeviceKeyStore(), { address: wallet.address, ...body }),
    ).rejects.toMatchObject({
      shortMessage: 'This browser keeps no key for this wallet. Use your recovery code.',
    })
  })
})
