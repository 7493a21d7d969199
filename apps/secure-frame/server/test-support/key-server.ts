/**
 * The key server as the tests drive it: the whole hono app through `app.request()` (no socket), a
 * real SMTP exchange with the dev mail catcher, a clock the test moves, and "browsers" that keep
 * their cookies. Every HTTP suite runs once per storage backend.
 */

import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { Database } from '@walletframe/db'
import { KEY_SERVER_PATHS, KeyServerErrorBodySchema, type OtpVerifyResponse } from '@walletframe/protocol'
import { resolveStackConfig } from '@walletframe/stack'
import { startTestPostgres } from '@walletframe/testing/postgres'
import type { Hono } from 'hono'
import { afterAll, beforeAll, expect } from 'vitest'
import { createKeyServerApp } from '../app.ts'
import { type KeyServerConfig, resolveKeyServerConfig } from '../config.ts'
import type { KeyServerEnv } from '../context.ts'
import { openDatabase } from '../db/open.ts'
import { type CaughtMail, type MailCatcher, startMailCatcher } from '../mail/catcher.ts'
import { createMailer, type Mailer } from '../mail/mailer.ts'

export interface TestBackend {
  name: string
  /** PGlite in memory when it names neither a database URL nor a folder. */
  start(): Promise<{ databaseUrl?: string; dataDir?: string; close(): Promise<void> }>
}

const hasPostgres =
  Boolean(process.env.WF_TEST_DATABASE_URL) ||
  existsSync('/usr/lib/postgresql') ||
  Boolean(process.env.WF_PG_BIN)

/** `describe.each(TEST_BACKENDS)('… on $name', …)`: PGlite always, Postgres when it can be started. */
export const TEST_BACKENDS: TestBackend[] = [
  { name: 'PGlite', start: async () => ({ close: async () => {} }) },
  ...(hasPostgres
    ? [
        {
          name: 'Postgres',
          async start() {
            const postgres = await startTestPostgres()
            return { databaseUrl: postgres.url, close: () => postgres.close() }
          },
        },
      ]
    : []),
]

/**
 * Every table of the `key_server` schema but its migrations bookkeeping: what the fuzz test checks
 * no refused request changes, and what the custody test searches for key material.
 * custody-at-rest.test.ts checks the list against the migrated database.
 */
export const KEY_SERVER_TABLES = [
  'users',
  'devices',
  'email_cooldowns',
  'otp_codes',
  'device_confirmations',
  'sessions',
  'wallets',
  'passkeys',
  'webauthn_challenges',
  'device_keys',
  'identities',
  'social_attempts',
  'social_links',
  'farcaster_channels',
] as const

export const KEY_ORIGIN = 'http://localhost:5177'
export const TEST_PROJECT = 'walletframe-dev'
export const HOST_ORIGIN = resolveStackConfig({}).dapp.origin

export function testConfig(overrides: Partial<KeyServerConfig> = {}): KeyServerConfig {
  return {
    ...resolveKeyServerConfig({}),
    secret: randomBytes(32).toString('hex'),
    secretIsEphemeral: false,
    deviceWaitMs: 2_000,
    ...overrides,
  }
}

export interface TestResponse {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field and assert their shape
  body: any
  headers: Headers
}

/** A browser: its own IP and cookie jar; requests carry the key origin unless told otherwise. */
export class TestBrowser {
  readonly cookies = new Map<string, string>()
  readonly ip = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`

  constructor(private readonly server: TestKeyServer) {}

  async request(
    path: string,
    init: { method?: string; body?: unknown; origin?: string | null; headers?: Record<string, string> } = {},
  ): Promise<TestResponse> {
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST')
    const headers: Record<string, string> = { ...init.headers }
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    if (init.origin !== null && method !== 'GET') headers.origin = init.origin ?? KEY_ORIGIN
    if (init.body !== undefined) headers['content-type'] ??= 'application/json'
    const response = await this.server.app.request(
      path,
      {
        method,
        headers,
        ...(init.body !== undefined
          ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }
          : {}),
      },
      { incoming: { socket: { remoteAddress: this.ip } } },
    )
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name.trim())
      else this.cookies.set(name.trim(), value.trim())
    }
    const text = await response.text()
    const type = response.headers.get('content-type') ?? ''
    return {
      status: response.status,
      body: type.includes('json') ? JSON.parse(text) : text,
      headers: response.headers,
    }
  }

  post(path: string, body: unknown = {}, init: { origin?: string | null } = {}) {
    return this.request(path, { body, ...init })
  }
}

export interface TestKeyServer {
  readonly app: Hono<KeyServerEnv>
  readonly db: Database
  readonly config: KeyServerConfig
  readonly catcher: MailCatcher
  /** The test clock: epoch ms the server sees. */
  now: number
  advance(ms: number): void
  browser(): TestBrowser
  /** Messages to `email`, newest first. */
  inbox(email: string): CaughtMail[]
  latestCode(email: string): string
  /** The whole email-code login of a new or known device; returns the OTP answer. */
  login(browser: TestBrowser, email: string): Promise<OtpVerifyResponse>
  /** A new process on the same storage and secret: the database closed and opened again, a new app. */
  restart(): Promise<void>
  /** Stops the mail catcher: SMTP connections are refused until `mailUp`. */
  mailDown(): Promise<void>
  /** Starts the mail catcher again on the same SMTP port (its inbox starts empty). */
  mailUp(): Promise<void>
  /** A client error with the catalogue's body shape. */
  expectError(response: TestResponse, status: number, code: string): void
}

let emails = 0
export const freshEmail = (label = 'user') =>
  `${label}-${process.pid}-${++emails}-${randomBytes(3).toString('hex')}@example.com`

/** Starts the backend, the mail catcher and the app before the suite's tests and closes them after. */
export function useKeyServer(backend: TestBackend, overrides: Partial<KeyServerConfig> = {}): TestKeyServer {
  let storage: Awaited<ReturnType<TestBackend['start']>> | undefined
  let db: Database | undefined
  let catcher: MailCatcher | undefined
  let mailer: Mailer | undefined
  let app: Hono<KeyServerEnv> | undefined
  const config = testConfig(overrides)

  const startCatcher = (smtpPort: number) =>
    startMailCatcher({ smtpHost: '127.0.0.1', smtpPort, httpHost: '127.0.0.1', httpPort: 0 })
  let smtpPort = 0
  beforeAll(async () => {
    storage = await backend.start()
    catcher = await startCatcher(0)
    smtpPort = Number(new URL(catcher.smtpUrl).port)
    mailer = createMailer({
      from: config.mailFrom,
      catcher: { host: '127.0.0.1', port: smtpPort },
    })
    await open()
  })
  const open = async () => {
    const { databaseUrl, dataDir } = storage ?? expect.fail('no storage')
    db = await openDatabase({ databaseUrl, dataDir })
    app = createKeyServerApp({ config, db, mailer: mailer!, now: () => server.now, log: () => {} })
  }
  afterAll(async () => {
    mailer?.close()
    await db?.close()
    await catcher?.close()
    await storage?.close()
  })

  const server: TestKeyServer = {
    get app() {
      return app ?? expect.fail('the key server is not running')
    },
    get db() {
      return db ?? expect.fail('the key server is not running')
    },
    get catcher() {
      return catcher ?? expect.fail('the mail catcher is not running')
    },
    config,
    now: Date.UTC(2026, 0, 1),
    advance(ms) {
      server.now += ms
    },
    browser: () => new TestBrowser(server),
    async restart() {
      app = undefined
      await db?.close()
      await open()
    },
    async mailDown() {
      await catcher?.close()
      catcher = undefined
    },
    async mailUp() {
      catcher = await startCatcher(smtpPort)
    },
    inbox: (email) => server.catcher.messages().filter((mail) => mail.to.includes(email.toLowerCase())),
    latestCode(email) {
      return server.inbox(email)[0]?.code ?? expect.fail(`no code mailed to ${email}`)
    },
    async login(browser, email) {
      const started = await browser.post(KEY_SERVER_PATHS.emailLogin, { email, projectId: TEST_PROJECT })
      expect(started.status, JSON.stringify(started.body)).toBe(200)
      if (started.body.action === 'VERIFY_DEVICE') {
        const link = server.inbox(email)[0]?.link ?? expect.fail('no confirmation link mailed')
        const url = new URL(link)
        expect((await browser.request(`${url.pathname}${url.search}`)).status).toBe(200)
        expect((await browser.post(KEY_SERVER_PATHS.deviceWait)).body).toEqual({ confirmed: true })
      }
      const verified = await browser.post(KEY_SERVER_PATHS.otpVerify, { otp: server.latestCode(email) })
      expect(verified.status, JSON.stringify(verified.body)).toBe(200)
      return verified.body as OtpVerifyResponse
    },
    expectError(response, status, code) {
      expect(response.status, JSON.stringify(response.body)).toBe(status)
      const body = KeyServerErrorBodySchema.parse(response.body)
      expect(body.code).toBe(code)
    },
  }
  return server
}
