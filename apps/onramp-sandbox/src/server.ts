/**
 * Starts the on-ramp sandbox: its API and checkout page on one port, paying out of a funded devnet
 * account (docs/onramp.md). `npm start` and the e2e stack start it with the devnet.
 */

import { listen } from '@walletframe/stack'
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
  const server = await listen({
    fetch: (request) => app?.fetch(request) ?? new Response(null, { status: 503 }),
    hostname: options.host,
    port: options.port,
  })
  const url = (options.url ?? `http://${options.host}:${server.port}`).replace(/\/+$/, '')
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
    close: server.close,
  }
}
