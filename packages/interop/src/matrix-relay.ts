/**
 * Our relay for one pair of the matrix, in the runner's process (the clients have their own), on
 * a fixed port so it can go away and come back where the clients look for it. While it is away a
 * closed door holds the port: it refuses every WebSocket upgrade with 503, as a relay being
 * deployed does, and notes which client knocked (the relay JWT's `iss`), so a step can wait until
 * a client has found the relay down instead of guessing how long that takes.
 */
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { Socket } from 'node:net'
import { type RunningRelay, startRelay, verifyRelayJwt } from '@walletframe/relay'
import { freePort } from '@walletframe/testing'

const quiet = { warn: () => {} }

export class MatrixRelay {
  private running: RunningRelay | undefined
  private door: Server | undefined
  private readonly knocks: string[] = []
  private onKnock: (() => void) | undefined

  private constructor(private readonly port: number) {}

  static async start(): Promise<MatrixRelay> {
    const relay = new MatrixRelay(await freePort())
    await relay.up()
    return relay
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}`
  }

  /** Closes every socket (1001, going away) and puts the closed door on the port. */
  async down(): Promise<void> {
    await this.running?.close()
    this.running = undefined
    this.knocks.length = 0
    this.door = createServer((_, response) => response.writeHead(503).end())
    this.door.on('upgrade', (request, socket: Socket) => {
      this.knocked(new URL(request.url ?? '/', this.url).searchParams.get('auth') ?? '')
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n')
    })
    this.door.listen(this.port, '127.0.0.1')
    await once(this.door, 'listening')
  }

  /** Resolves once the client with this id (its did:key) has tried to connect while down. */
  knockFrom(clientId: string): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!this.knocks.includes(clientId)) return
        this.onKnock = undefined
        resolve()
      }
      this.onKnock = check
      check()
    })
  }

  async up(): Promise<void> {
    await this.closeDoor()
    this.running = await startRelay({ host: '127.0.0.1', port: this.port, logger: quiet })
  }

  async stop(): Promise<void> {
    await this.running?.close()
    this.running = undefined
    await this.closeDoor()
  }

  private async closeDoor() {
    const door = this.door
    this.door = undefined
    if (!door) return
    const closed = new Promise((resolve) => door.close(resolve))
    door.closeAllConnections()
    await closed
  }

  private knocked(token: string) {
    try {
      this.knocks.push(verifyRelayJwt(token, { audience: this.url }).clientId)
    } catch {
      return
    }
    this.onKnock?.()
  }
}
