import { Hono } from 'hono'
import type { ApiEnv } from '../context.ts'

/** `GET /healthz` for process supervisors: no project needed, reveals nothing. */
export function healthRoute(status: () => Record<string, unknown> = () => ({})) {
  return new Hono<ApiEnv>().get('/healthz', (c) => c.json({ ok: true, ...status() }))
}
