/**
 * A login window cut off from the modal by the provider's Cross-Origin-Opener-Policy: its callback
 * page leaves the answer (POST socialAnswer, first party), the key frame of the attempt collects it
 * (POST socialCollect, long-polled) and connects with it (left-answers.ts).
 */
import { randomBytes } from 'node:crypto'
import { KEY_SERVER_PATHS as PATHS } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { TEST_BACKENDS, useKeyServer } from '../test-support/key-server.ts'
import { socialAnswer, useDevOidc } from '../test-support/social.ts'

const freshName = () => `cut-off-${randomBytes(4).toString('hex')}`
const WAIT_MS = 300

describe.each(TEST_BACKENDS)('answers left by a cut-off login window on $name', (backend) => {
  const dev = useDevOidc()
  dev.social.answerWaitMs = WAIT_MS
  const server = useKeyServer(backend, { social: dev.social })

  it('the key frame that started the sign-in collects the answer and connects with it', async () => {
    server.now = Date.now()
    const keyFrame = server.browser()
    const { uri, state } = await socialAnswer(keyFrame, 'google', freshName())
    // The callback page is first party: another cookie jar than the key frame's partition.
    const callbackPage = server.browser()
    const collecting = keyFrame.post(PATHS.socialCollect, { state })
    expect((await callbackPage.post(PATHS.socialAnswer, { uri })).status).toBe(204)
    expect((await collecting).body).toEqual({ state: 'answered', uri })
    const connected = await keyFrame.post(PATHS.socialConnect, { uri })
    expect(connected.body).toMatchObject({ action: 'CONNECT', provider: 'google', isNewUser: true })
    // Used: neither collected nor answered again.
    server.expectError(await keyFrame.post(PATHS.socialCollect, { state }), 409, 'SOCIAL_ATTEMPT_INVALID')
    server.expectError(await callbackPage.post(PATHS.socialAnswer, { uri }), 409, 'SOCIAL_ATTEMPT_INVALID')
  })

  it('answers pending while no answer was left, after its wait', async () => {
    server.now = Date.now()
    const keyFrame = server.browser()
    const { state } = await socialAnswer(keyFrame, 'github', freshName())
    const started = Date.now()
    expect((await keyFrame.post(PATHS.socialCollect, { state })).body).toEqual({ state: 'pending' })
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 50)
  })

  it('gives the answer to the browser of the attempt only; the first answer left stays', async () => {
    server.now = Date.now()
    const keyFrame = server.browser()
    const { uri, state } = await socialAnswer(keyFrame, 'discord', freshName())
    const forged = new URL(uri)
    forged.searchParams.set('code', 'forged-code')
    expect((await server.browser().post(PATHS.socialAnswer, { uri })).status).toBe(204)
    server.expectError(
      await server.browser().post(PATHS.socialAnswer, { uri: forged.toString() }),
      409,
      'SOCIAL_ATTEMPT_INVALID',
    )
    server.expectError(
      await server.browser().post(PATHS.socialCollect, { state }),
      409,
      'SOCIAL_ATTEMPT_INVALID',
    )
    expect((await keyFrame.post(PATHS.socialCollect, { state })).body).toEqual({ state: 'answered', uri })
  })

  it('refuses answers that are not its callback, unknown states and bad bodies', async () => {
    server.now = Date.now()
    const page = server.browser()
    const unknownState = `${server.config.origin}${PATHS.socialCallback}?code=c&state=${'A'.repeat(43)}`
    server.expectError(
      await page.post(PATHS.socialAnswer, { uri: unknownState }),
      409,
      'SOCIAL_ATTEMPT_INVALID',
    )
    server.expectError(
      await page.post(PATHS.socialAnswer, {
        uri: `https://evil.example/oauth/callback?state=${'A'.repeat(43)}`,
      }),
      400,
      'SOCIAL_ANSWER_INVALID',
    )
    server.expectError(await page.post(PATHS.socialCollect, { state: 'short' }), 400, 'INVALID_INPUT')
    server.expectError(await page.post(PATHS.socialAnswer, { uri: 42 }), 400, 'INVALID_INPUT')
  })
})
