/**
 * The origin check the SDK asks while its frame loads (ORIGIN_CHECK_PATH, issue 10 "the dapp can be
 * locked"): a host whose origin the project does not allow learns it in one round trip, with the
 * same typed refusal the modal's handshake answers, instead of waiting on a frame that
 * frame-ancestors keeps from ever loading.
 */
import {
  CHANNEL_ORIGIN_NOT_ALLOWED,
  CHANNEL_UNKNOWN_PROJECT,
  createOriginCheck,
  type WireError,
} from '@walletframe/protocol'
import type { Context } from 'hono'
import type { ProjectConfig } from './projects.ts'

export function originCheck(registry: ReadonlyMap<string, ProjectConfig>) {
  const checks = new Map(
    [...registry].map(([id, project]) => [id, createOriginCheck(project.allowedOrigins)]),
  )
  return (c: Context) => {
    // Readable by any page (no credentials): it tells the asking origin only what the project's
    // frame-ancestors header already says to anyone.
    c.header('Access-Control-Allow-Origin', '*')
    c.header('Vary', 'Origin')
    c.header('Cache-Control', 'no-store')
    const check = checks.get(c.req.query('projectId') ?? '')
    const refuse = (error: WireError, status: 403 | 404) => c.json(error, status)
    if (!check) return refuse(CHANNEL_UNKNOWN_PROJECT, 404)
    if (!check(c.req.header('Origin') ?? 'null')) return refuse(CHANNEL_ORIGIN_NOT_ALLOWED, 403)
    return c.json({ allowed: true })
  }
}
