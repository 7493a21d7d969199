/**
 * The runner's end of a client process (worker.ts): commands with a deadline each, and the events
 * the process reported, kept in order so a step can wait for one that arrived before it asked.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { ClientSpec } from './clients.ts'
import { StepError, withDeadline } from './deadline.ts'
import type { CommandName, Commands, EventName, Events, OutLine } from './wire.ts'

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url))
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))
const STDERR_KEPT = 2_000
/**
 * sign-client 2.17.1 and walletkit 1.6.0 post an INIT event to pulse.walletconnect.org even with
 * `telemetryEnabled: false`, and wallets may ask the verify server about a proposal; the SDK's own
 * test switch turns both off. offline.ts refuses whatever is left, and the pair fails on it.
 */
const OFFLINE_ENV = { IS_VITEST: 'true' }

function parseLine(text: string): OutLine | undefined {
  try {
    const line = JSON.parse(text) as Partial<{ id: unknown; event: unknown }>
    return typeof line.id === 'number' || typeof line.event === 'string' ? (line as OutLine) : undefined
  } catch {
    return undefined
  }
}

interface Waiter {
  name: EventName
  matches(data: unknown): boolean
  resolve(data: unknown): void
}

export class ClientProcess {
  private nextId = 1
  private readonly replies = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  private readonly events: Array<{ name: EventName; data: unknown }> = []
  private readonly waiters = new Set<Waiter>()
  private stderr = ''
  private readonly exited: Promise<number | null>

  private constructor(
    readonly label: string,
    private readonly child: ChildProcessWithoutNullStreams,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', resolve))
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-STDERR_KEPT)
    })
    createInterface({ input: child.stdout }).on('line', (line) => this.receive(line))
    void this.exited.then((code) => {
      for (const { reject } of this.replies.values()) reject(this.failure(`exited with ${code}`))
      this.replies.clear()
    })
  }

  static start(spec: ClientSpec, role: string): ClientProcess {
    const child = spawn(
      process.execPath,
      ['--conditions=walletframe-source', '--import', 'tsx', WORKER, spec.kind, spec.module],
      {
        cwd: PACKAGE_DIR,
        env: { ...process.env, ...OFFLINE_ENV },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    )
    return new ClientProcess(`${role} ${spec.label}`, child)
  }

  /** Runs a command; rejects with a StepError naming it if there is no reply within `deadlineMs`. */
  call<C extends CommandName>(
    command: C,
    params: Commands[C]['params'],
    deadlineMs: number,
  ): Promise<Commands[C]['result']> {
    const id = this.nextId++
    const reply = new Promise<unknown>((resolve, reject) => this.replies.set(id, { resolve, reject }))
    this.child.stdin.write(`${JSON.stringify({ id, command, params })}\n`)
    return this.deadline(reply, deadlineMs, `${command}()`, () => this.replies.delete(id)) as Promise<
      Commands[C]['result']
    >
  }

  /** The first reported `name` event matching `matches` not yet taken, waiting up to `deadlineMs`. */
  event<E extends EventName>(
    name: E,
    deadlineMs: number,
    matches: (data: Events[E]) => boolean = () => true,
  ): Promise<Events[E]> {
    const test = (data: unknown) => matches(data as Events[E])
    const index = this.events.findIndex((event) => event.name === name && test(event.data))
    if (index >= 0) return Promise.resolve(this.events.splice(index, 1)[0]!.data as Events[E])
    let waiter: Waiter | undefined
    const seen = new Promise<unknown>((resolve) => {
      waiter = { name, matches: test, resolve }
      this.waiters.add(waiter)
    })
    return this.deadline(seen, deadlineMs, `the ${name} event`, () => {
      if (waiter) this.waiters.delete(waiter)
    }) as Promise<Events[E]>
  }

  /** Every report of `name` so far, e.g. the refused cloud calls. */
  reported<E extends EventName>(name: E): Events[E][] {
    return this.events.filter((event) => event.name === name).map((event) => event.data as Events[E])
  }

  async close(): Promise<void> {
    if (this.child.exitCode === null) {
      await this.call('close', {}, 5_000).catch(() => this.child.kill('SIGKILL'))
      await this.exited
    }
  }

  /** A protocol line; anything else an SDK printed to stdout joins the stderr kept for failures. */
  private receive(text: string) {
    const line = parseLine(text)
    if (!line) {
      this.stderr = `${this.stderr}${text}\n`.slice(-STDERR_KEPT)
      return
    }
    if ('event' in line) {
      for (const waiter of this.waiters) {
        if (waiter.name !== line.event || !waiter.matches(line.data)) continue
        this.waiters.delete(waiter)
        waiter.resolve(line.data)
        return
      }
      this.events.push({ name: line.event, data: line.data })
      return
    }
    const pending = this.replies.get(line.id)
    this.replies.delete(line.id)
    if ('error' in line) pending?.reject(this.failure(line.error))
    else pending?.resolve(line.result)
  }

  private deadline<T>(promise: Promise<T>, ms: number, what: string, cancel: () => void): Promise<T> {
    let late = false
    const onLate = () => {
      late = true
      cancel()
    }
    return withDeadline(promise, ms, `${what} did not happen`, onLate).catch((error: Error) => {
      throw late ? this.failure(error.message) : error
    })
  }

  private failure(message: string): StepError {
    const tail = this.stderr.trim().split('\n').slice(-5).join('\n')
    return new StepError(`${this.label}: ${message}${tail ? `\n  stderr: ${tail}` : ''}`)
  }
}
