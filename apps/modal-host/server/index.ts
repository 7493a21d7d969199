import type { BundlerUrls } from '@walletframe/protocol'
import { listen } from '@walletframe/stack'
import { createModalApp } from './app.ts'
import type { ProjectConfig } from './projects.ts'
import { createModalLimiter, type ModalRateLimits, resolveModalRateLimits } from './rate-limit/rate-limit.ts'

export { createModalApp } from './app.ts'
export { loadProjects, type ProjectConfig } from './projects.ts'
export { type ModalRateLimits, resolveModalRateLimits } from './rate-limit/rate-limit.ts'

export interface ModalServerOptions {
  host: string
  /** 0 picks a free port; the returned url has the real one. */
  port: number
  distDir: string
  /** packages/sdk/dist, served under /sdk/ for drop-in use. */
  sdkDir?: string
  projects: readonly ProjectConfig[]
  /** Public origin when it differs from http://host:port (e.g. behind a proxy); only changes `url`. */
  origin?: string
  /** The WalletConnect relay the modal uses (apps/relay); WalletConnect is not offered without one. */
  relayUrl?: string
  /** The data API and wallet registry (apps/api); without it no Account tabs or registry wallets. */
  apiUrl?: string
  /** The key frame's origin (apps/secure-frame); without it no embedded wallet is offered. */
  keyFrameOrigin?: string
  /** ERC-4337 bundlers by chain id; without them the embedded wallet has no smart account. */
  bundlerUrls?: BundlerUrls
  /** Requests per client IP (`resolveModalRateLimits(env)`); the defaults when omitted. */
  rateLimits?: ModalRateLimits
}

export interface ModalServer {
  url: string
  close(): Promise<void>
}

export async function startModalServer(options: ModalServerOptions): Promise<ModalServer> {
  const rateLimits = options.rateLimits ?? resolveModalRateLimits({})
  const { limiter, redis } = await createModalLimiter(rateLimits)
  const app = createModalApp({
    limiter,
    trustedProxyHops: rateLimits.trustedProxyHops,
    distDir: options.distDir,
    projects: options.projects,
    ...(options.sdkDir ? { sdkDir: options.sdkDir } : {}),
    ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
    ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
    ...(options.keyFrameOrigin ? { keyFrameOrigin: options.keyFrameOrigin } : {}),
    ...(options.bundlerUrls ? { bundlerUrls: options.bundlerUrls } : {}),
  })
  const server = await listen({ fetch: app.fetch, hostname: options.host, port: options.port }).catch(
    (error: unknown) => {
      redis?.disconnect()
      throw error
    },
  )
  return {
    url: options.origin ? `${new URL(options.origin).origin}/` : `http://${options.host}:${server.port}/`,
    close: () => {
      redis?.disconnect()
      return server.close()
    },
  }
}
