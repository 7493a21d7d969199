import { EventEmitter } from 'node:events'

/**
 * Just what the relay uses of a ws socket, in memory, so tests can make failures and orderings
 * happen at will. `failSends` makes every send throw; `wire`, shared by several sockets, records
 * the order in which the relay wrote to them.
 */
export class FakeSocket extends EventEmitter {
  readonly OPEN = 1
  readyState = 1
  bufferedAmount = 0
  failSends = false
  readonly sent: Array<Record<string, unknown>> = []

  constructor(
    readonly name = '',
    private readonly wire: Array<{ socket: string; frame: Record<string, unknown> }> = [],
  ) {
    super()
  }

  send(frame: string, written?: () => void): void {
    if (this.failSends) throw new Error('socket broke')
    const parsed = JSON.parse(frame) as Record<string, unknown>
    this.sent.push(parsed)
    this.wire.push({ socket: this.name, frame: parsed })
    if (written) queueMicrotask(written)
  }

  request(id: number, method: string, params: unknown): void {
    this.emit('message', Buffer.from(JSON.stringify({ id, jsonrpc: '2.0', method, params })), false)
  }

  close(): void {
    this.readyState = 3
    this.emit('close')
  }
}
