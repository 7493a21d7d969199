/**
 * Key-server figures (`benchKeyServer()`, or `npm run bench -w @walletframe/secure-frame`):
 * requests/s, p50 and p99 of POST /v1/auth/otp (a device whose code is locked after wrong tries:
 * the steady answer an attacker guessing codes gets) and of GET /v1/session with a live session,
 * on PGlite in memory, autocannon on loopback in a worker thread. Reported, never asserted.
 */
import { pathToFileURL } from 'node:url'
import { KEY_SERVER_LIMITS, KEY_SERVER_PATHS } from '@walletframe/protocol'
import autocannon from 'autocannon'
import { startKeyServer } from './server.ts'
import { freshEmail, TEST_PROJECT, testConfig } from './test-support/key-server.ts'

const DURATION_S = Number(process.env.WF_BENCH_KEY_SECONDS ?? 5)
const CONNECTIONS = 20

async function load(url: string, init: { method?: string; headers: Record<string, string>; body?: string }) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    workers: 1,
    ...init,
  })
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
    ),
  }
}

export async function benchKeyServer() {
  const unlimited = { capacity: 1e9, refillPerMinute: 1e9 }
  const config = testConfig({
    host: '127.0.0.1',
    port: 0,
    mailCatcher: { smtpHost: '127.0.0.1', smtpPort: 0, httpHost: '127.0.0.1', httpPort: 0 },
    rateLimits: { perIp: unlimited, perEmail: unlimited },
  })
  const server = await startKeyServer(config, { log: () => {} })
  try {
    const post = (path: string, body: unknown, cookie = '') =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { origin: config.origin, 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      })
    const email = freshEmail('bench')
    const started = await post(KEY_SERVER_PATHS.emailLogin, { email, projectId: TEST_PROJECT })
    const device = started.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    for (let i = 0; i < KEY_SERVER_LIMITS.otpMaxWrongTries; i++)
      await post(KEY_SERVER_PATHS.otpVerify, { otp: '000000' }, device)
    const otpVerify = await load(`${server.url}${KEY_SERVER_PATHS.otpVerify}`, {
      method: 'POST',
      headers: { origin: config.origin, 'content-type': 'application/json', cookie: device },
      body: JSON.stringify({ otp: '000000' }),
    })

    const second = freshEmail('bench')
    const login = await post(KEY_SERVER_PATHS.emailLogin, { email: second, projectId: TEST_PROJECT })
    const secondDevice = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const inbox = (await (
      await fetch(`${server.inboxUrl}/messages.json?to=${encodeURIComponent(second)}`)
    ).json()) as Array<{
      code?: string
    }>
    const verified = await post(KEY_SERVER_PATHS.otpVerify, { otp: inbox[0]?.code }, secondDevice)
    const session = [secondDevice, ...verified.headers.getSetCookie().map((line) => line.split(';')[0])].join(
      '; ',
    )
    const sessionRead = await load(`${server.url}${KEY_SERVER_PATHS.session}`, {
      headers: { cookie: session },
    })
    return {
      keyServer: {
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        otpVerifyLocked: otpVerify,
        sessionRead,
      },
    }
  } finally {
    await server.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchKeyServer(), null, 2))
}
