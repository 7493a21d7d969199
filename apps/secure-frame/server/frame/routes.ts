/**
 * The key-frame app's files (docs/embedded-wallet.md "Where things run"). GET /frame is its page,
 * with a CSP whose `frame-ancestors` lists the modal origins and the project's host origins: the
 * frame sits in the modal, which sits in the host page, and frame-ancestors checks every ancestor.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { KEY_FRAME_WARM_UP_PATH, KEY_SERVER_PATHS } from '@walletframe/protocol'
import { Hono } from 'hono'
import type { KeyServerConfig } from '../config.ts'
import type { KeyServerEnv } from '../context.ts'
import { KeyServerError } from '../errors.ts'
import { injectKeyFrameConfig } from './key-config.ts'

/** The page's CSP; `connect-src` allows http(s) because the frame sends transactions to chain RPCs. */
export function frameCsp(frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "connect-src 'self' http: https:",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
  ].join('; ')
}

/** The key window talks to no server (the key frame does) and may not be framed. */
export const KEY_WINDOW_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

export function frameRoutes(config: KeyServerConfig): Hono<KeyServerEnv> {
  const app = new Hono<KeyServerEnv>()
  const distDir = config.distDir
  const projects = new Map(config.projects.map((project) => [project.projectId, project.allowedOrigins]))
  const allAncestors = [
    ...new Set([...config.modalOrigins, ...config.projects.flatMap((project) => project.allowedOrigins)]),
  ]

  app.get(KEY_SERVER_PATHS.frame, async (c) => {
    if (!distDir) throw new KeyServerError('notFound')
    const projectId = c.req.query('projectId') ?? ''
    const hostOrigins = projects.get(projectId)
    if (!hostOrigins) throw new KeyServerError('projectIdInvalid')
    const page = await readFile(join(distDir, 'index.html'), 'utf8')
    const html = injectKeyFrameConfig(page, { projectId, modalOrigins: config.modalOrigins, hostOrigins })
    c.header('Content-Security-Policy', frameCsp([...new Set([...config.modalOrigins, ...hostOrigins])]))
    c.header('Cache-Control', 'no-cache')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.html(html)
  })

  // Framed by the modal at boot before it knows the project; any modal or host origin may frame it.
  app.get(KEY_FRAME_WARM_UP_PATH, (c) => {
    c.header('Content-Security-Policy', `default-src 'none'; frame-ancestors ${allAncestors.join(' ')}`)
    c.header('Cache-Control', 'public, max-age=3600')
    return c.html('<!doctype html><title>WalletFrame</title>')
  })

  // The key window (docs/embedded-wallet.md "Key window"): a top-level popup, never framed. It keeps
  // its opener (no COOP), which is how it knows the key frame that opened it.
  app.get(KEY_SERVER_PATHS.keyWindow, async (c) => {
    if (!distDir) throw new KeyServerError('notFound')
    c.header('Content-Security-Policy', KEY_WINDOW_CSP)
    c.header('Cache-Control', 'no-cache')
    return c.html(await readFile(join(distDir, 'key-window.html'), 'utf8'))
  })

  if (distDir) {
    // The apps' built assets (scripts, styles); their pages are reached through /frame and /key-window only.
    app.get(
      '/assets/*',
      serveStatic({
        root: distDir,
        onFound: (_path, c) => {
          c.header('X-Content-Type-Options', 'nosniff')
          c.header('Cache-Control', 'public, max-age=31536000, immutable')
        },
      }),
    )
  }
  return app
}
