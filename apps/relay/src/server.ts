/**
 * The relay's network face: one node:http server carrying `GET /healthz` and the WebSocket
 * upgrade, where the client's JWT is checked before a socket exists. Also keepalive and shutdown.
 */

import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { clientAddress } from '@walletframe/rate-limit/client-address'
import type { Redis } from 'ioredis'
import { WebSocketServer } from 'ws'
import { CloseCode } from './connection.ts'
import { AuthError } from './errors.ts'
import { type Fanout, noFanout } from './fanout.ts'
import { type VerifiedClient, verifyRelayJwt } from './jwt.ts'
import { defaultLimits, type RelayLimits } from './limits.ts'
import type { Mailbox } from './mailbox.ts'
import { MemoryMailbox } from './memory-mailbox.ts'
import { connectRedis } from './redis-connection.ts'
import { RedisFanout } from './redis-fanout.ts'
import { RedisMailbox } from './redis-mailbox.ts'
import { Relay, type RelayLogger } from './relay.ts'

export interface RelayOptions {
  host?: string
  /** 0 picks a free port. */
  port?: number
  /**
   * The URL clients are configured with; their JWT `aud` must equal it exactly.
   * Defaults to `ws://<host>:<port>`.
   */
  publicUrl?: string
  /** Mailbox and fan-out in Redis, so several relay processes serve one deployment. */
  redisUrl?: string
  /** WebSocket ping period; a socket that did not answer the previous ping is dropped. */
  pingIntervalMs?: number
  limits?: Partial<RelayLimits>
  /**
   * Reverse proxies in front (WF_TRUSTED_PROXY_HOPS, default 0): the per-address connection limit
   * counts the client the farthest of them saw in X-Forwarded-For; 0 ignores the header.
   */
  trustedProxyHops?: number
  logger?: RelayLogger
}

export interface RunningRelay {
  /** The URL clients connect to (also the JWT audience). */
  url: string
  close(): Promise<void>
}

/** How long shutdown waits for clients to answer the close handshake before cutting them. */
const CLOSE_GRACE_MS = 2000

interface Storage {
  mailbox: Mailbox
  fanout: Fanout
  close(): Promise<void>
}

async function openStorage(
  redisUrl: string | undefined,
  limits: RelayLimits,
  logger: RelayLogger,
): Promise<Storage> {
  if (!redisUrl) {
    const mailbox = new MemoryMailbox({ limits })
    return { mailbox, fanout: noFanout, close: () => mailbox.close() }
  }
  const onError = (error: Error) => logger.warn(`relay: redis: ${error.message}`)
  const redis = await connectRedis(redisUrl, onError)
  let subscriber: Redis | undefined
  try {
    subscriber = await connectRedis(redisUrl, onError)
    const relayId = randomUUID()
    const fanout = await RedisFanout.create(relayId, subscriber, redis)
    return {
      mailbox: new RedisMailbox(redis, { limits }),
      fanout,
      close: async () => {
        await fanout.close()
        // QUIT is answered after every command sent before it: nothing written is lost.
        await redis.quit().catch(() => {})
      },
    }
  } catch (error) {
    redis.disconnect()
    subscriber?.disconnect()
    throw error
  }
}

/** Too many sockets: the handshake completes so that browsers too can read why (1013). */
function refuseConnection(
  wss: WebSocketServer,
  request: IncomingMessage,
  socket: Socket,
  head: Buffer,
  why: string,
) {
  wss.handleUpgrade(request, socket, head, (ws) => {
    ws.on('error', () => {})
    ws.close(CloseCode.tryAgainLater, `Limit exceeded: ${why}, try again later`)
  })
}

function refuseUpgrade(socket: Socket, status: 401 | 503, message: string): void {
  const body = JSON.stringify({ error: message })
  const reason = status === 401 ? 'Unauthorized' : 'Service Unavailable'
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

/** Prometheus text exposition of the relay's counters and gauges. */
function metricsText(values: Record<string, number>): string {
  const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
  return Object.entries(values)
    .map(([name, value]) => `wf_relay_${snake(name)} ${value}\n`)
    .join('')
}

const formatHost = (host: string) => (host.includes(':') ? `[${host}]` : host)

export async function startRelay(options: RelayOptions = {}): Promise<RunningRelay> {
  const host = options.host ?? '127.0.0.1'
  const logger = options.logger ?? { warn: (message: string) => console.warn(message) }
  const limits: RelayLimits = { ...defaultLimits, ...options.limits }
  const storage = await openStorage(options.redisUrl, limits, logger)
  const relay = new Relay(storage.mailbox, storage.fanout, limits, logger)
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes })
  let audience = options.publicUrl ?? ''
  let closing = false
  /** Open and opening sockets, in total and per remote address. */
  let sockets = 0
  const perIp = new Map<string, number>()
  const counters = { refusedConnections: 0 }
  const release = (ip: string) => {
    sockets--
    const left = (perIp.get(ip) ?? 1) - 1
    if (left > 0) perIp.set(ip, left)
    else perIp.delete(ip)
  }

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://relay').pathname
    if (request.method === 'GET' && path === '/healthz') {
      response.writeHead(closing ? 503 : 200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ ok: !closing, connections: relay.connections.size }))
      return
    }
    if (request.method === 'GET' && path === '/metrics') {
      const stored = await Promise.resolve(storage.mailbox.stats?.()).catch(() => undefined)
      response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' })
      response.end(metricsText({ ...relay.stats(), ...counters, ...stored }))
      return
    }
    response.writeHead(426, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ error: 'This is a WalletConnect relay: connect with a WebSocket' }))
  })

  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    if (closing) return refuseUpgrade(socket, 503, 'Relay is shutting down')
    // Counted before anything costly (the JWT's signature check) is done for the request.
    const ip = clientAddress(
      socket.remoteAddress,
      request.headers['x-forwarded-for'],
      options.trustedProxyHops ?? 0,
    )
    if (sockets >= limits.maxConnections || (perIp.get(ip) ?? 0) >= limits.maxConnectionsPerIp) {
      counters.refusedConnections++
      const why =
        sockets >= limits.maxConnections ? 'the relay is full' : 'too many connections from your address'
      return refuseConnection(wss, request, socket, head, why)
    }
    const token = new URL(request.url ?? '/', 'http://relay').searchParams.get('auth')
    let client: VerifiedClient
    try {
      if (!token) throw new AuthError('Missing auth query parameter (a relay JWT)')
      client = verifyRelayJwt(token, { audience, maxLifetimeSeconds: limits.maxTokenLifetimeSeconds })
    } catch (error) {
      return refuseUpgrade(socket, 401, error instanceof AuthError ? error.message : 'Invalid auth token')
    }
    sockets++
    perIp.set(ip, (perIp.get(ip) ?? 0) + 1)
    let released = false
    socket.once('close', () => {
      if (!released) release(ip)
      released = true
    })
    wss.handleUpgrade(request, socket, head, (ws) => {
      // The handshake may finish after shutdown began and collected the sockets to close.
      if (closing) ws.close(CloseCode.goingAway, 'Relay shutting down')
      else relay.attach(ws, client.clientId, client.expiresAt)
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  }).catch(async (error) => {
    await storage.close()
    throw error
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  audience ||= `ws://${formatHost(host)}:${port}`

  // Keepalive: clients drop a socket after ~35 s without traffic, and a socket whose peer
  // vanished would otherwise hold its subscriptions for ever.
  const pinger = setInterval(() => {
    for (const connection of relay.connections) {
      if (!connection.open) continue
      if (!connection.alive) {
        connection.socket.terminate()
        continue
      }
      connection.alive = false
      connection.socket.ping()
    }
  }, options.pingIntervalMs ?? 15_000)
  pinger.unref()

  let closed: Promise<void> | undefined
  const close = async () => {
    closing = true
    clearInterval(pinger)
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
    // Requests already received get their reply before the sockets go.
    await relay.drain()
    const sockets = [...relay.connections].map((connection) => connection.socket)
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === socket.CLOSED) return resolve()
            const timer = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS)
            socket.once('close', () => {
              clearTimeout(timer)
              resolve()
            })
            socket.close(CloseCode.goingAway, 'Relay shutting down')
          }),
      ),
    )
    server.closeAllConnections()
    await stopped
    await relay.drain()
    await storage.close()
  }

  return {
    url: audience,
    close: () => {
      closed ??= close()
      return closed
    },
  }
}
