/**
 * Starts the on-ramp sandbox: its API and checkout page on one port, paying out of a funded devnet
 * account (docs/onramp.md). `npm start` and the e2e stack start it with the devnet.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import type { Hex } from 'viem'
import { createSandboxApp } from './app.ts'
import { OrderBook } from './orders.ts'
import { createTreasury, type SandboxChain } from './treasury.ts'

export interface OnRampSandboxOptions {
  host: string
  /** 0 picks a free port. */
  port: number
  /** The origin the checkout links use; defaults to `http://{host}:{port}` with the port listened on. */
  url?: string | undefined
  apiKey: string
  chains: readonly SandboxChain[]
  /** The funded devnet account that pays out purchases. */
  treasuryPrivateKey: Hex
}

export interface RunningOnRampSandbox {
  url: string
  app: Hono
  orders: OrderBook
  close(): Promise<void>
}

export async function startOnRampSandbox(options: OnRampSandboxOptions): Promise<RunningOnRampSandbox> {
  const orders = new OrderBook()
  let app: Hono | undefined
  const server = serve({
    fetch: (request) => app?.fetch(request) ?? new Response(null, { status: 503 }),
    hostname: options.host,
    port: options.port,
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.once('listening', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const url = (options.url ?? `http://${options.host}:${port}`).replace(/\/+$/, '')
  app = createSandboxApp({
    url,
    apiKey: options.apiKey,
    chains: options.chains,
    treasury: createTreasury(options.treasuryPrivateKey),
    orders,
  })
  return {
    url,
    app,
    orders,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        ;(server as typeof server & { closeAllConnections?: () => void }).closeAllConnections?.()
      }),
  }
}
