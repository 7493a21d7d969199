import type { Context } from 'hono'
import { cors } from 'hono/cors'
import type { ProjectConfig } from '../config.ts'

/**
 * CORS for modal origins only: a browser may read the API's answers from the origins of the
 * request's project. When the project id is missing or unknown, any project's modal origin is
 * allowed, so the modal can read the error and show its alert. Preflights are answered here
 * (before the project check, which a preflight could not pass: it has no credentials to check).
 * Other origins get no CORS headers at all, so the browser keeps the answer from the page.
 */
export function modalCors(projects: ReadonlyMap<string, ProjectConfig>) {
  const byProject = new Map([...projects].map(([id, project]) => [id, new Set(project.allowedOrigins)]))
  const anyProject = new Set([...projects.values()].flatMap((project) => project.allowedOrigins))
  const allowedFor = (c: Context) => byProject.get(c.req.query('projectId') ?? '') ?? anyProject
  return cors({
    origin: (origin, c) => (origin && allowedFor(c).has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type'],
    maxAge: 600,
  })
}
