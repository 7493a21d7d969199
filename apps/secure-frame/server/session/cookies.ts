/**
 * The key frame's two cookies. The frame has no storage in strict browsers, so both are HttpOnly
 * partitioned cookies (CHIPS), `Secure; SameSite=None; Partitioned` — measured to be kept and sent
 * in the nested frame (shared/notes/measured-facts.md); without `Partitioned` they are not sent.
 */
import { TIME } from '@walletframe/protocol'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { randomToken } from '../crypto/secrets.ts'

export const SESSION_COOKIE = 'wf_session'
export const DEVICE_COOKIE = 'wf_device'

const ATTRIBUTES = { httpOnly: true, secure: true, sameSite: 'None', partitioned: true, path: '/' } as const
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/** A cookie value this server could have set (32 random bytes, base64url); anything else is ignored. */
function readToken(c: Context, name: string): string | undefined {
  const value = getCookie(c, name)
  return value !== undefined && TOKEN_SHAPE.test(value) ? value : undefined
}

export const readSessionToken = (c: Context) => readToken(c, SESSION_COOKIE)

export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, { ...ATTRIBUTES, maxAge: TIME.sessionLifetimeMs / 1000 })
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, ATTRIBUTES)
}

export const readDeviceId = (c: Context) => readToken(c, DEVICE_COOKIE)

/** The browser's long-lived device id: the cookie's, or a new one the answer sets. */
export function ensureDeviceId(c: Context): string {
  const existing = readDeviceId(c)
  if (existing) return existing
  const deviceId = randomToken()
  setCookie(c, DEVICE_COOKIE, deviceId, { ...ATTRIBUTES, maxAge: TIME.deviceCookieLifetimeMs / 1000 })
  return deviceId
}
