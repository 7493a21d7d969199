/**
 * Every request of the key-frame table, over a real MessageChannel from a test modal, against the
 * real key server app (PGlite).
 */
import { FRAME_ERRORS, keyServerMessage, MODAL_HTTP_FAILED, TIME } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { freshEmail, TEST_BACKENDS, useKeyServer } from '../../../server/test-support/key-server.ts'
import {
  DEVNET_INIT,
  loginThroughFrame,
  openKeyFrame,
  setUpWallet,
} from '../test-support/key-frame-harness.ts'

const server = useKeyServer(TEST_BACKENDS[0]!)

describe('the key frame handlers', () => {
  it('log in by email code, set the wallet up, and answer is connected and get user', async () => {
    const { modal, ctx, email, address } = await setUpWallet(server)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const solana = ctx.vault!.solanaAddress
    expect(ctx.vault?.isUnlocked).toBe(true)
    expect(ctx.view.get().screen.kind).toBe('idle')
    await expect(modal.request('frame.isConnected', {})).resolves.toEqual({ isConnected: true })
    await expect(modal.request('frame.getUser', {})).resolves.toEqual({
      email,
      address: address.toLowerCase(),
      chainId: 31337,
      accounts: [
        { address: address.toLowerCase(), type: 'eoa' },
        { address: solana, type: 'eoa', namespace: 'solana' },
      ],
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
    })
    await expect(modal.request('frame.setPreferredAccount', { type: 'eoa' })).resolves.toEqual({
      type: 'eoa',
      address: address.toLowerCase(),
    })
  })

  it('keeps the server’s reason and message, e.g. the cooldown of spec §5', async () => {
    const { modal } = openKeyFrame(server)
    const email = freshEmail('cooldown')
    await modal.request('frame.connectEmail', { email })
    const error = await modal.request('frame.connectEmail', { email }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      reason: 'EmailLoginCooldown',
      message: keyServerMessage('emailCooldown', TIME.emailLoginCooldownMs / 1000),
    })
    await expect(modal.request('frame.connectOtp', { otp: '000000' })).rejects.toMatchObject({
      reason: 'OtpInvalid',
    })
  })

  it('answers not signed in before a login, and signs out wiping the vault', async () => {
    const fresh = openKeyFrame(server)
    await expect(fresh.modal.request('frame.isConnected', {})).resolves.toEqual({ isConnected: false })
    await expect(fresh.modal.request('frame.getUser', {})).rejects.toMatchObject(FRAME_ERRORS.notSignedIn)
    const { modal, ctx } = await setUpWallet(server)
    await expect(modal.request('frame.signOut', {})).resolves.toBeNull()
    expect(ctx.vault?.isUnlocked).toBe(false)
    await expect(modal.request('frame.isConnected', {})).resolves.toEqual({ isConnected: false })
  })

  it('confirms a new device by the mailed link (connect device)', async () => {
    const { modal: first } = openKeyFrame(server)
    const email = freshEmail('device')
    await loginThroughFrame(server, first, email)
    server.advance(TIME.emailLoginCooldownMs)
    const { modal } = openKeyFrame(server)
    await expect(modal.request('frame.connectEmail', { email })).resolves.toEqual({ action: 'VERIFY_DEVICE' })
    const waiting = modal.request('frame.connectDevice', {})
    const link = new URL(server.inbox(email)[0]!.link!)
    await server.browser().request(`${link.pathname}${link.search}`)
    await expect(waiting).resolves.toBeNull()
    await expect(modal.request('frame.connectOtp', { otp: server.latestCode(email) })).resolves.toEqual({
      needsSetup: true,
    })
  })

  it('updates the email with a code to each address', async () => {
    const { modal } = await setUpWallet(server)
    const newEmail = freshEmail('updated')
    await expect(modal.request('frame.updateEmail', { email: newEmail })).resolves.toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    const primary = server.catcher.messages()[0]!.code!
    await expect(modal.request('frame.updateEmailPrimaryOtp', { otp: primary })).resolves.toBeNull()
    await expect(
      modal.request('frame.updateEmailSecondaryOtp', { otp: server.latestCode(newEmail) }),
    ).resolves.toEqual({ newEmail })
  })

  it('switches only to embedded-wallet networks the modal offered', async () => {
    const { modal } = openKeyFrame(server)
    await expect(modal.request('frame.getChainId', {})).resolves.toEqual({ chainId: 31337 })
    await expect(modal.request('frame.switchNetwork', { chainId: 5 })).rejects.toMatchObject(
      FRAME_ERRORS.unsupportedChain,
    )
    await expect(modal.request('frame.switchNetwork', { chainId: 1 })).rejects.toMatchObject(
      FRAME_ERRORS.unsupportedChain,
    )
    await expect(modal.request('frame.switchNetwork', { chainId: 31337 })).resolves.toBeNull()
  })

  it('takes the theme and the dapp data, and reloads in place with the vault locked', async () => {
    const { modal, ctx } = await setUpWallet(server)
    await modal.request('frame.syncTheme', {
      themeMode: 'light',
      themeVariables: { '--wf-accent': '#8b0000' },
    })
    expect(ctx.view.get()).toMatchObject({ themeMode: 'light', themeVariables: { '--wf-accent': '#8b0000' } })
    const metadata = { name: 'Demo', description: 'A dapp', url: 'http://127.0.0.1:5173', icons: [] }
    await modal.request('frame.syncDappData', {
      metadata,
      sdkVersion: '0.1.0',
      sdkType: 'wf',
      projectId: 'p',
    })
    expect(ctx.dapp?.metadata).toEqual(metadata)
    await expect(modal.request('frame.reload', {})).resolves.toBeNull()
    expect(ctx.vault?.isUnlocked).toBe(false)
    await expect(modal.request('frame.isConnected', {})).resolves.toEqual({ isConnected: true })
  })

  it('offers no smart account where no network has a bundler, and says so when one is asked for', async () => {
    const { modal } = await setUpWallet(server)
    await expect(modal.request('frame.getSmartAccountEnabledNetworks', {})).resolves.toEqual({
      smartAccountEnabledNetworks: [],
    })
    for (const [method, params] of [
      ['frame.initSmartAccount', {}],
      ['frame.setPreferredAccount', { type: 'smartAccount' }],
      ['frame.getUser', { preferredAccountType: 'smartAccount' }],
    ] as const)
      await expect(modal.request(method, params as never), method).rejects.toMatchObject({
        code: FRAME_ERRORS.smartAccountNotEnabled.code,
        reason: FRAME_ERRORS.smartAccountNotEnabled.reason,
      })
  })

  it('lets an EOA user in when the smart account’s chain cannot be read; a smart account user gets the error', async () => {
    const [devnet, ...others] = DEVNET_INIT.networks
    const init = { ...DEVNET_INIT, networks: [{ ...devnet!, bundlerUrl: 'http://127.0.0.1:1' }, ...others] }
    const { modal, address } = await setUpWallet(server, undefined, undefined, init)
    await expect(modal.request('frame.getSmartAccountEnabledNetworks', {})).resolves.toEqual({
      smartAccountEnabledNetworks: [31337],
    })
    // The default there is the smart account, whose address only the chain can say.
    await expect(modal.request('frame.getUser', {})).rejects.toMatchObject({ code: MODAL_HTTP_FAILED.code })
    await expect(modal.request('frame.getUser', { preferredAccountType: 'eoa' })).resolves.toMatchObject({
      address: address.toLowerCase(),
      accounts: [{ address: address.toLowerCase(), type: 'eoa' }, { namespace: 'solana' }],
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
    })
  })
})
