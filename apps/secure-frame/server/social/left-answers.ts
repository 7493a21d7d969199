/**
 * A login window cut off from the modal (docs/social-login.md "Cut-off windows"): a provider whose
 * pages send a Cross-Origin-Opener-Policy (Google's do) severs the popup from its opener, so the
 * callback page has no `window.opener` to post to and the modal sees the window as closed. The page,
 * first party on this origin, leaves its URL on the attempt (POST socialAnswer {uri}); the key frame
 * that started the attempt, third party with its own device cookie, long-polls for it (POST
 * socialCollect {state}) and then connects with it as with a posted message. Leaving an answer
 * grants nothing: connecting still needs the attempt's device cookie and its PKCE verifier.
 */
import {
  KEY_SERVER_PATHS,
  SOCIAL_LOGIN_LIMITS,
  SocialAnswerRequestSchema,
  SocialCollectRequestSchema,
  type SocialCollectResponse,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { KeyServerContext, KeyServerEnv } from '../context.ts'
import { tokenHash } from '../crypto/secrets.ts'
import { KeyServerError } from '../errors.ts'
import { longPoll } from '../long-poll.ts'
import { validBody } from '../middleware/validate.ts'
import { readDeviceId } from '../session/cookies.ts'
import { leaveAnswer, leftAnswer } from './attempts.ts'
import { callbackAnswer } from './callback-answer.ts'

export function leftAnswerRoutes(ctx: KeyServerContext): Hono<KeyServerEnv> {
  const app = new Hono<KeyServerEnv>()
  const social = ctx.config.social
  // Wakes a collect in this process at once; another process's collect sees the row on its recheck.
  const answered = new EventTarget()

  app.post(KEY_SERVER_PATHS.socialAnswer, validBody(SocialAnswerRequestSchema), async (c) => {
    const { uri } = c.req.valid('json')
    const { state } = callbackAnswer(uri, social.redirectUri)
    if (!(await leaveAnswer(ctx, state, uri))) throw new KeyServerError('socialAttemptInvalid')
    answered.dispatchEvent(new Event(tokenHash(state)))
    c.header('Cache-Control', 'no-store')
    return c.body(null, 204)
  })

  app.post(KEY_SERVER_PATHS.socialCollect, validBody(SocialCollectRequestSchema), async (c) => {
    const deviceId = readDeviceId(c)
    const { state } = c.req.valid('json')
    c.header('Cache-Control', 'no-store')
    const read = () => (deviceId ? leftAnswer(ctx, state, deviceId) : Promise.resolve(undefined))
    const left = await longPoll({
      events: answered,
      key: tokenHash(state),
      ms: social.answerWaitMs ?? SOCIAL_LOGIN_LIMITS.answerWaitMs,
      signal: c.req.raw.signal,
      read,
      done: (answer) => answer !== 'pending',
    })
    // Another browser's attempt is as unknown as a made-up state.
    if (left === undefined) throw new KeyServerError('socialAttemptInvalid')
    const body: SocialCollectResponse =
      left === 'pending' ? { state: 'pending' } : { state: 'answered', uri: left.uri }
    return c.json(body)
  })

  return app
}
