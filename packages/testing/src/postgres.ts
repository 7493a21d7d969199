import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './free-port.ts'

const run = promisify(execFile)

export interface TestPostgres {
  /** A fresh, empty database of its own. */
  url: string
  close(): Promise<void>
}

/** A throwaway cluster a fault test can stop and start again on the same data and port. */
export interface RestartableTestPostgres extends TestPostgres {
  /** Stops the server ("fast": open connections are cut), keeping its data. */
  stop(): Promise<void>
  /** Starts it again on the same data directory and port. */
  start(): Promise<void>
}

/** Debian's binaries: /usr/lib/postgresql/<newest>/bin (WF_PG_BIN overrides). */
function postgresBin(): string {
  if (process.env.WF_PG_BIN) return process.env.WF_PG_BIN
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : []
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0]
  if (!newest)
    throw new Error('Postgres binaries not found: apt-get install postgresql, or set WF_TEST_DATABASE_URL')
  return join(root, newest, 'bin')
}

/**
 * A Postgres database for one test suite: a new database on WF_TEST_DATABASE_URL's server when it
 * is set, otherwise a throwaway cluster (initdb + postgres on a free port in a temp dir, fsync off)
 * that close() stops and deletes. Postgres refuses to run as root, so as root the binaries run as
 * the `postgres` user, in a temp dir it owns.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const shared = process.env.WF_TEST_DATABASE_URL
  if (shared) return createDatabase(shared, async () => {})
  return startThrowawayPostgres()
}

/** Always a throwaway cluster (never WF_TEST_DATABASE_URL's shared server, which a test must not stop). */
export async function startThrowawayPostgres(): Promise<RestartableTestPostgres> {
  const bin = postgresBin()
  const dir = await mkdtemp(join(tmpdir(), 'wf-pg-'))
  const asRoot = process.getuid?.() === 0
  const { uid, gid } = asRoot ? await postgresUser() : { uid: -1, gid: -1 }
  if (asRoot) await chown(dir, uid, gid)
  const command = (binary: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, binary), ...args]] : [join(bin, binary), args]

  const data = join(dir, 'data')
  await run(...command('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']))
  const port = await freePort()
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`
  let server: ChildProcess | undefined
  const start = async () => {
    const [cmd, args] = command('postgres', [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ])
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    server = child
    let stderr = ''
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4_000)
    })
    await waitForServer(adminUrl, child, () => stderr)
  }
  const stop = async () => {
    // pg_ctl signals the postmaster itself ("fast": clients are disconnected, not waited for);
    // a signal to runuser would only reach it for SIGTERM, Postgres' slow "smart" shutdown.
    await run(...command('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w'])).catch(() => undefined)
    if (server) await stopProcess(server)
  }
  const remove = async () => {
    await stop()
    await rm(dir, { recursive: true, force: true })
  }
  try {
    await start()
  } catch (error) {
    await remove()
    throw error
  }
  return { ...(await createDatabase(adminUrl, remove)), stop, start }
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const { stdout } = await run('id', ['-u', 'postgres'])
  const { stdout: group } = await run('id', ['-g', 'postgres'])
  return { uid: Number(stdout.trim()), gid: Number(group.trim()) }
}

async function waitForServer(url: string, server: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited: ${stderr()}`)
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.end()
      return
    } catch {
      await client.end().catch(() => undefined)
      if (Date.now() > deadline) throw new Error(`postgres did not start within 30 s: ${stderr()}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

async function createDatabase(serverUrl: string, stopServer: () => Promise<void>): Promise<TestPostgres> {
  const name = `wf_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async close() {
      const cleanup = new pg.Client({ connectionString: serverUrl })
      try {
        await cleanup.connect()
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await cleanup.end().catch(() => undefined)
        await stopServer()
      }
    },
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}
