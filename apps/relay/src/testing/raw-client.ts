/**
 * A bare relay client for tests and the benchmark: speaks the JSON-RPC directly, with no SDK in
 * between, so what the relay sends is exactly what the caller sees.
 */
import { WebSocket } from 'ws'
import { rawMember } from '../raw-json.ts'
import { type ClientIdentity, createIdentity } from './identity.ts'

export interface Reply {
  /** The id exactly as the relay wrote it. */
  rawId: string
  result?: unknown
  error?: { code: number; message: string }
}

export interface Delivery {
  requestId: number
  subscriptionId: string
  topic: string
  message: string
  publishedAt: number
  tag: number
  attestation: unknown
}

export class RawClient {
  readonly deliveries: Delivery[] = []
  readonly closed: Promise<{ code: number; reason: string }>
  /** Called for each delivery as it arrives (the benchmark measures latency here). */
  onDelivery: (delivery: Delivery) => void = () => {}
  private readonly replies = new Map<string, (reply: Reply) => void>()
  private deliveryWaiters: Array<() => void> = []
  private nextId = 0

  private constructor(
    readonly socket: WebSocket,
    readonly identity: ClientIdentity,
    private readonly autoAck: boolean,
  ) {
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    )
    socket.on('message', (data) => this.onFrame(data.toString()))
  }

  static async connect(
    url: string,
    options: {
      identity?: ClientIdentity
      /** Another JWT than the identity's default 24 h one. */
      token?: string
      autoAck?: boolean
      maxPayload?: number
      localAddress?: string
      /** Extra upgrade headers (X-Forwarded-For, as a proxy would add). */
      headers?: Record<string, string>
    } = {},
  ): Promise<RawClient> {
    const identity = options.identity ?? createIdentity()
    const socket = new WebSocket(`${url}?auth=${options.token ?? identity.token(url)}`, {
      maxPayload: options.maxPayload,
      localAddress: options.localAddress,
      ...(options.headers ? { headers: options.headers } : {}),
    })
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`relay refused the socket: HTTP ${response.statusCode}`)),
      )
    })
    return new RawClient(socket, identity, options.autoAck ?? true)
  }

  /** Sends a request; the id is a 19-digit number like sign-client's, written as a JSON number. */
  request(method: string, params: unknown): Promise<Reply> {
    const rawId = `${1_700_000_000_000_000_000n + BigInt(++this.nextId)}`
    return this.requestWithRawId(rawId, method, params)
  }

  requestWithRawId(rawId: string, method: string, params: unknown): Promise<Reply> {
    return this.sendExpectingReply(
      rawId,
      `{"id":${rawId},"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`,
    )
  }

  /** Sends any text and waits for the reply carrying `rawId` (`null` for unparseable frames). */
  sendExpectingReply(rawId: string, text: string): Promise<Reply> {
    return new Promise((resolve) => {
      this.replies.set(rawId, resolve)
      this.socket.send(text)
    })
  }

  async nextDelivery(timeoutMs = 2000): Promise<Delivery> {
    const deadline = Date.now() + timeoutMs
    while (this.deliveries.length === 0) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error('no delivery arrived')
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.deliveryWaiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    return this.deliveries.shift()!
  }

  ack(delivery: Delivery): void {
    this.socket.send(JSON.stringify({ id: delivery.requestId, jsonrpc: '2.0', result: true }))
  }

  async close(): Promise<void> {
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.close()
    await this.closed
  }

  private onFrame(text: string): void {
    const frame = JSON.parse(text) as {
      method?: string
      id: number
      params?: { id: string; data: Omit<Delivery, 'requestId' | 'subscriptionId'> }
    } & Omit<Reply, 'rawId'>
    if (frame.method === 'irn_subscription' && frame.params) {
      const delivery = { requestId: frame.id, subscriptionId: frame.params.id, ...frame.params.data }
      if (this.autoAck) this.ack(delivery)
      this.deliveries.push(delivery)
      this.onDelivery(delivery)
      for (const wake of this.deliveryWaiters.splice(0)) wake()
      return
    }
    const rawId = rawMember(text, 'id') ?? 'null'
    const resolve = this.replies.get(rawId)
    this.replies.delete(rawId)
    resolve?.({ rawId, result: frame.result, error: frame.error })
  }
}

/** Tries to open a socket and reports how the relay refused it. */
export async function refusal(
  url: string,
  token: string | undefined,
): Promise<{ status: number; body: string }> {
  const socket = new WebSocket(token === undefined ? url : `${url}?auth=${encodeURIComponent(token)}`)
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.close()
      reject(new Error('the relay accepted the socket'))
    })
    socket.once('error', () => {})
    socket.once('unexpected-response', (_request, response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      response.on('end', () => {
        socket.terminate()
        resolve({ status: response.statusCode ?? 0, body })
      })
    })
  })
}
