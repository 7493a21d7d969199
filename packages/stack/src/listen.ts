/**
 * Every HTTP service of the stack serves its Hono app the same way: listen, and know at once whether
 * the port was free. `serve()` reports a busy port as an 'error' event rather than a throw, so a
 * caller that only awaited 'listening' would wait forever.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'

export interface HttpListener {
  /** The port it listens on: the one asked for, or the one picked for port 0. */
  port: number
  /**
   * Stops accepting connections and resolves once the server has closed. Keep-alive connections are
   * cut at once, or after `closeGraceMs` so that requests in flight can still answer.
   */
  close(): Promise<void>
}

export function listen(options: {
  fetch: (request: Request, env: unknown) => Response | Promise<Response>
  hostname: string
  port: number
  closeGraceMs?: number
}): Promise<HttpListener> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: options.fetch, hostname: options.hostname, port: options.port })
    server.once('error', reject)
    server.once('listening', () => {
      server.off('error', reject)
      const closeConnections = () =>
        (server as typeof server & { closeAllConnections?: () => void }).closeAllConnections?.()
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((closed) => {
            server.close(() => closed())
            if (options.closeGraceMs) setTimeout(closeConnections, options.closeGraceMs).unref()
            else closeConnections()
          }),
      })
    })
  })
}
