/** A throwaway redis-server child process for tests: no persistence, a free port, killed after. */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port.ts'

export const REDIS_SERVER = '/usr/bin/redis-server'
export const hasRedisServer = existsSync(REDIS_SERVER)

export interface RedisServer {
  url: string
  stop(): Promise<void>
}

/** A server a fault test can stop and start again on the same port, keeping its data on disk. */
export interface RestartableRedisServer extends RedisServer {
  /** Starts it again after stop(), reloading what it had (append-only file). */
  start(): Promise<void>
  /** Stops it and deletes its data. */
  close(): Promise<void>
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort()
  return launch(port, ['--save', '', '--appendonly', 'no'], 'SIGKILL')
}

/**
 * Like startRedisServer, but persistent (append-only file, fsync on every write) so a restart keeps
 * what Redis held, as a deployment configured for durability does; stop() shuts it down cleanly.
 */
export async function startRestartableRedisServer(): Promise<RestartableRedisServer> {
  const port = await freePort()
  const dir = await mkdtemp(join(tmpdir(), 'wf-redis-'))
  const args = ['--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir]
  let server = await launch(port, args, 'SIGTERM')
  return {
    url: server.url,
    stop: () => server.stop(),
    async start() {
      server = await launch(port, args, 'SIGTERM')
    },
    async close() {
      await server.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

async function launch(port: number, args: string[], stopSignal: NodeJS.Signals): Promise<RedisServer> {
  const child: ChildProcess = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited with ${code}: ${output}`))
    })
  })
  child.stdout?.resume()
  child.stderr?.resume()
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill(stopSignal)
      await exited
    },
  }
}
