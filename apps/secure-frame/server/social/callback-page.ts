/**
 * The redirect URI registered at every provider, `{key origin}/oauth/callback`: a tiny first-party
 * page in the modal's popup. It posts its own full URL (code and state, or the provider's error) to
 * `window.opener` with the modal origin of the attempt as target origin, then closes; a window cut
 * off from the modal (no opener) leaves it with the key server instead (left-answers.ts). It exchanges
 * nothing itself: the key frame does, with the device cookie of its own partition (POST
 * /v1/auth/social/connect). Apple answers with a form post (`response_mode=form_post`), which is
 * turned into the same page's URL first.
 */
import { randomBytes } from 'node:crypto'
import {
  KEY_SERVER_ERRORS,
  KEY_SERVER_PATHS,
  SOCIAL_CALLBACK_MESSAGE_TYPE,
  SOCIAL_LOGIN_LIMITS,
  SOCIAL_STATE_SHAPE,
} from '@walletframe/protocol'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { KeyServerContext, KeyServerEnv } from '../context.ts'
import { KeyServerError } from '../errors.ts'
import { escapeHtml } from '../mail/html.ts'
import { callbackTarget } from './attempts.ts'

/** The answer fields a provider sends back (RFC 6749 §4.1.2, RFC 9207 `iss`). */
const ANSWER_FIELDS = ['code', 'state', 'error', 'error_description', 'iss'] as const

/** JSON safe inside a `<script>` element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')

function page(
  c: Context,
  status: 200 | 410,
  title: string,
  text: string,
  script?: { nonce: string; body: string },
) {
  c.header('Cache-Control', 'no-store')
  // The URL carries the code: it must reach no other site.
  c.header('Referrer-Policy', 'no-referrer')
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; ${script ? `script-src 'nonce-${script.nonce}'; connect-src 'self'; ` : ''}frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
  )
  return c.html(
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0}
main{max-width:28rem;padding:1.5rem;text-align:center}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p id="status">${escapeHtml(text)}</p></main>${
      script ? `<script nonce="${script.nonce}">${script.body}</script>` : ''
    }</body></html>`,
    status,
  )
}

export function callbackPageRoutes(ctx: KeyServerContext): Hono<KeyServerEnv> {
  const app = new Hono<KeyServerEnv>()

  app.get(KEY_SERVER_PATHS.socialCallback, async (c) => {
    const state = c.req.query('state') ?? ''
    const target = SOCIAL_STATE_SHAPE.test(state) ? await callbackTarget(ctx, state) : undefined
    if (!target) {
      return page(c, 410, 'Sign-in not valid', `${KEY_SERVER_ERRORS.socialAttemptInvalid.message}.`)
    }
    const nonce = randomBytes(16).toString('base64')
    const body = `(() => {
  const status = document.getElementById('status')
  const again = () => { status.textContent = 'Return to the app and sign in again.' }
  if (location.href.length > ${SOCIAL_LOGIN_LIMITS.maxCallbackUriLength}) return again()
  if (window.opener) {
    window.opener.postMessage({ type: ${scriptJson(SOCIAL_CALLBACK_MESSAGE_TYPE)}, uri: location.href }, ${scriptJson(target)})
    return window.close()
  }
  // Cut off from the modal by the provider's Cross-Origin-Opener-Policy: the answer is left with
  // this server, where the key frame that started the sign-in collects it.
  fetch(${scriptJson(KEY_SERVER_PATHS.socialAnswer)}, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uri: location.href }),
    credentials: 'omit',
  }).then((answer) => {
    if (!answer.ok) return again()
    status.textContent = 'Signed in. You can return to the app.'
    window.close()
  }, again)
})()`
    return page(c, 200, 'Signing in…', 'You can close this window if it stays open.', { nonce, body })
  })

  // Apple's form post: the same answer as a GET of this page, with only the answer's fields.
  app.post(
    KEY_SERVER_PATHS.socialCallback,
    bodyLimit({
      maxSize: SOCIAL_LOGIN_LIMITS.maxCallbackUriLength * 2,
      // The typed error like every other refusal of this server, not a bare text.
      onError: () => {
        throw new KeyServerError('payloadTooLarge')
      },
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
      const query = new URLSearchParams()
      for (const name of ANSWER_FIELDS) {
        const value = form[name]
        if (typeof value === 'string') query.set(name, value)
      }
      c.header('Cache-Control', 'no-store')
      c.header('Referrer-Policy', 'no-referrer')
      return c.redirect(`${ctx.config.origin}${KEY_SERVER_PATHS.socialCallback}?${query}`, 303)
    },
  )
  return app
}
