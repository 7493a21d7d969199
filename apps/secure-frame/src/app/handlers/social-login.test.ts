/**
 * Social login through the key frame's handlers (spec §7 "get social redirect uri", "connect
 * social"), as the modal drives them, against the real key server and the real dev OIDC provider:
 * the provider's page is played over HTTP, as the popup would show it.
 */
import { randomBytes } from 'node:crypto'
import { signInAtDevProvider } from '@walletframe/dev-oidc/test-client'
import { describe, expect, it } from 'vitest'
import { TEST_BACKENDS, useKeyServer } from '../../../server/test-support/key-server.ts'
import { useDevOidc } from '../../../server/test-support/social.ts'
import { loginThroughFrame, openKeyFrame } from '../test-support/key-frame-harness.ts'

const dev = useDevOidc()
const server = useKeyServer(TEST_BACKENDS[0]!, { social: dev.social })
const freshName = (label: string) => `${label}-${randomBytes(4).toString('hex')}`

type Frame = ReturnType<typeof openKeyFrame>

/** The popup's part: the provider's login page, then the URL the callback page hands the modal. */
async function popupAnswer(frame: Frame, name: string): Promise<string> {
  server.now = Date.now() // the provider's tokens carry the real time
  const { uri } = await frame.modal.request('frame.getSocialRedirectUri', { provider: 'github' })
  const answer = await signInAtDevProvider(uri, name)
  if (answer.kind !== 'redirect') return expect.fail('github answers with a redirect')
  return answer.url
}

describe('social login in the key frame', () => {
  it('signs a new user in, who sets a wallet up, and remembers the provider and the user name', async () => {
    const frame = openKeyFrame(server)
    const name = freshName('frame')
    const uri = await popupAnswer(frame, name)
    expect(await frame.modal.request('frame.connectSocial', { uri })).toEqual({
      action: 'CONNECT',
      needsSetup: true,
      userName: name,
      email: `${name}@example.com`,
    })
    const setup = frame.modal.request('frame.setupWallet', {})
    ;(await frame.screen('setup')).create()
    const saved = await new Promise<void>((resolve) => {
      const stop = frame.ctx.view.subscribe(({ screen }) => {
        if (screen.kind === 'setup' && screen.step === 'saveCode') {
          stop()
          screen.confirmSaved()
          resolve()
        }
      })
    })
    expect(saved).toBeUndefined()
    const { address } = await setup
    expect(frame.ctx.session).toMatchObject({ userName: name, socialProvider: 'github', address })
    const user = await frame.modal.request('frame.getUser', {})
    expect([user.address.toLowerCase(), user.email]).toEqual([address.toLowerCase(), `${name}@example.com`])
  })

  it('a verified email that belongs to an email wallet is linked only after a code mailed there', async () => {
    const name = freshName('linked')
    const email = `${name}@example.com`
    const owner = openKeyFrame(server)
    expect(await loginThroughFrame(server, owner.modal, email)).toEqual({ needsSetup: true })

    const frame = openKeyFrame(server)
    const uri = await popupAnswer(frame, name)
    expect(await frame.modal.request('frame.connectSocial', { uri })).toEqual({
      action: 'VERIFY_OTP',
      needsSetup: false,
      email,
    })
    await expect(frame.modal.request('frame.getUser', {})).rejects.toMatchObject({ code: 4100 })
    const code = server.latestCode(email)
    expect(await frame.modal.request('frame.connectOtp', { otp: code })).toEqual({ needsSetup: true })
    expect(frame.ctx.session).toMatchObject({ email, userName: name, socialProvider: 'github' })
  })

  it('a replayed popup answer is refused with the key server’s reason', async () => {
    const frame = openKeyFrame(server)
    const uri = await popupAnswer(frame, freshName('replay'))
    await frame.modal.request('frame.connectSocial', { uri })
    await expect(frame.modal.request('frame.connectSocial', { uri })).rejects.toMatchObject({
      reason: expect.stringMatching(/^Social/),
    })
  })

  it('Farcaster is not a redirect provider', async () => {
    const frame = openKeyFrame(server)
    await expect(
      frame.modal.request('frame.getSocialRedirectUri', { provider: 'farcaster' }),
    ).rejects.toMatchObject({ code: 4200 })
  })
})
