import { KEY_SERVER_ERRORS, KEY_SERVER_PATHS, WALLETFRAME_NAME } from '@walletframe/protocol'
import { Hono } from 'hono'
import type { KeyServerContext, KeyServerEnv } from '../context.ts'
import { confirmDevice } from './device-confirmation.ts'

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

function page(title: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0}
main{max-width:28rem;padding:1.5rem;text-align:center}</style></head>
<body><main><h1>${title}</h1><p>${text}</p></main></body></html>`
}

/**
 * GET /device/confirm?token=…: the top-level page a device-confirmation mail links to. A plain page,
 * no script; the waiting key frame notices the confirmation and mails the email code.
 */
export function confirmPageRoutes(ctx: KeyServerContext): Hono<KeyServerEnv> {
  const app = new Hono<KeyServerEnv>()
  app.get(KEY_SERVER_PATHS.deviceConfirm, async (c) => {
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer') // the token must not leak to another site
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    )
    const token = c.req.query('token') ?? ''
    const confirmed = TOKEN_SHAPE.test(token) && (await confirmDevice(ctx, token))
    if (confirmed) {
      return c.html(
        page('Device confirmed', `Return to the app: your ${WALLETFRAME_NAME} code is on its way.`),
      )
    }
    return c.html(
      page('Link not valid', `${KEY_SERVER_ERRORS.deviceLinkInvalid.message}. Start a new login in the app.`),
      410,
    )
  })
  return app
}
