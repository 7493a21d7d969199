/**
 * Issue 10 point 3: the key server restarted mid-login and under a signed-in user, on the same
 * storage (PGlite on disk, Postgres) and the same WF_KEY_SERVER_SECRET. A code mailed before the
 * restart still signs in after it, and a session made before it is still signed in after it.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { KEY_SERVER_ERRORS, KEY_SERVER_PATHS as PATHS } from '@walletframe/protocol'
import { type RestartableTestPostgres, startThrowawayPostgres } from '@walletframe/testing/postgres'
import { describe, expect, it } from 'vitest'
import {
  freshEmail,
  TEST_BACKENDS,
  TEST_PROJECT,
  type TestBackend,
  useKeyServer,
} from '../test-support/key-server.ts'

/** Storage that outlives the process: PGlite in a folder instead of in memory, and Postgres. */
const DURABLE_BACKENDS: TestBackend[] = [
  {
    name: 'PGlite on disk',
    async start() {
      const dataDir = await mkdtemp(join(tmpdir(), 'wf-key-restart-'))
      return { dataDir, close: () => rm(dataDir, { recursive: true, force: true }) }
    },
  },
  ...TEST_BACKENDS.filter((backend) => backend.name === 'Postgres'),
]

describe.each(DURABLE_BACKENDS)('the key server restarted on $name', (backend) => {
  const server = useKeyServer(backend)

  it('signs in with a code mailed before the restart', async () => {
    const browser = server.browser()
    const email = freshEmail('restart')
    const started = await browser.post(PATHS.emailLogin, { email, projectId: TEST_PROJECT })
    expect(started.status, JSON.stringify(started.body)).toBe(200)

    await server.restart()
    const verified = await browser.post(PATHS.otpVerify, { otp: server.latestCode(email) })
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
    expect((await browser.request(PATHS.session)).body).toEqual({ isConnected: true, user: { email } })
  })

  it('keeps a signed-in session across the restart', async () => {
    const browser = server.browser()
    const email = freshEmail('session')
    await server.login(browser, email)

    await server.restart()
    expect((await browser.request(PATHS.session)).body).toEqual({ isConnected: true, user: { email } })
  })
})

describe('Postgres restarted under the key server', () => {
  let postgres: RestartableTestPostgres | undefined
  const server = useKeyServer({
    name: 'a throwaway Postgres',
    async start() {
      postgres = await startThrowawayPostgres()
      return { databaseUrl: postgres.url, close: () => postgres!.close() }
    },
  })

  it('answers 503 during the outage and serves the same session after it', async () => {
    const browser = server.browser()
    const email = freshEmail('outage')
    await server.login(browser, email)

    await postgres!.stop()
    server.expectError(await browser.request(PATHS.session), 503, KEY_SERVER_ERRORS.databaseUnavailable.code)

    await postgres!.start()
    expect((await browser.request(PATHS.session)).body).toEqual({ isConnected: true, user: { email } })
  })
})
