import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TIME } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS, resolveKeyServerConfig } from './config.ts'

describe('resolveKeyServerConfig', () => {
  it('defaults to the local stack', () => {
    const config = resolveKeyServerConfig({})
    expect(config).toMatchObject({
      host: 'localhost',
      port: 5177,
      origin: 'http://localhost:5177',
      modalOrigins: ['http://127.0.0.2:5174'],
      projects: [{ projectId: 'walletframe-dev', allowedOrigins: ['http://127.0.0.1:5173'] }],
      databaseUrl: undefined,
      dataDir: undefined,
      smtpUrl: undefined,
      mailCatcher: { smtpHost: '127.0.0.1', smtpPort: 2525, httpHost: '127.0.0.1', httpPort: 5178 },
      mailFrom: 'WalletFrame <no-reply@localhost>',
      secretIsEphemeral: true,
      distDir: undefined,
      rateLimits: DEFAULT_RATE_LIMITS,
      deviceWaitMs: TIME.deviceConfirmationWaitMs,
    })
    expect(config.secret).toMatch(/^[0-9a-f]{64}$/)
    expect(resolveKeyServerConfig({}).secret).not.toBe(config.secret) // one per process start
  })

  it('reads the environment and a projects file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wf-key-config-'))
    try {
      const file = join(dir, 'projects.json')
      await writeFile(
        file,
        JSON.stringify([{ projectId: 'shop', allowedOrigins: ['https://shop.example/'] }]),
      )
      const secret = 'ab'.repeat(32)
      const config = resolveKeyServerConfig({
        WF_KEY_HOST: '0.0.0.0',
        WF_KEY_PORT: '7000',
        WF_KEY_ORIGIN: 'https://keys.example/',
        WF_KEY_MODAL_ORIGINS: 'https://modal.example, https://modal2.example',
        WF_PROJECTS_FILE: file,
        DATABASE_URL: 'postgres://db/wf',
        WF_KEY_DATA_DIR: '/tmp/wf-keys',
        SMTP_URL: 'smtp://user:pass@mail.example:587',
        WF_SMTP_PORT: '2600',
        WF_INBOX_PORT: '5300',
        WF_KEY_SERVER_SECRET: secret.toUpperCase(),
        MAIL_FROM: 'Keys <keys@example.com>',
      })
      expect(config).toMatchObject({
        host: '0.0.0.0',
        port: 7000,
        origin: 'https://keys.example',
        modalOrigins: ['https://modal.example', 'https://modal2.example'],
        databaseUrl: 'postgres://db/wf',
        dataDir: '/tmp/wf-keys',
        smtpUrl: 'smtp://user:pass@mail.example:587',
        mailCatcher: { smtpPort: 2600, httpPort: 5300 },
        secret,
        secretIsEphemeral: false,
        mailFrom: 'Keys <keys@example.com>',
      })
      expect(config.projects.map((p) => [p.projectId, p.allowedOrigins])).toEqual([
        ['walletframe-dev', ['http://127.0.0.1:5173']],
        ['shop', ['https://shop.example']],
      ])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('reads the rate limits and the trusted proxies from the environment', () => {
    // The defaults: 30 a minute per IP with a burst of 60, one code a minute per email with 6 at once.
    expect(DEFAULT_RATE_LIMITS).toEqual({
      perIp: { capacity: 60, refillPerMinute: 30 },
      perEmail: { capacity: 6, refillPerMinute: 1 },
      trustedProxyHops: 0,
    })
    const config = resolveKeyServerConfig({
      WF_KEY_RATE_LIMIT_PER_IP: '10',
      WF_KEY_RATE_LIMIT_PER_EMAIL: '2',
      WF_TRUSTED_PROXY_HOPS: '1',
    })
    expect(config.rateLimits).toEqual({
      perIp: { capacity: 20, refillPerMinute: 10 },
      perEmail: { capacity: 12, refillPerMinute: 2 },
      trustedProxyHops: 1,
    })
    expect(() => resolveKeyServerConfig({ WF_KEY_RATE_LIMIT_PER_IP: '0' })).toThrow(
      /WF_KEY_RATE_LIMIT_PER_IP/,
    )
    expect(() => resolveKeyServerConfig({ WF_KEY_RATE_LIMIT_PER_EMAIL: 'x' })).toThrow(
      /WF_KEY_RATE_LIMIT_PER_EMAIL/,
    )
    expect(() => resolveKeyServerConfig({ WF_TRUSTED_PROXY_HOPS: '-1' })).toThrow(/WF_TRUSTED_PROXY_HOPS/)
  })

  it('fails at start-up on bad values', () => {
    expect(() => resolveKeyServerConfig({ WF_KEY_PORT: '70000' })).toThrow(/WF_KEY_PORT/)
    expect(() => resolveKeyServerConfig({ WF_KEY_SERVER_SECRET: 'abc' })).toThrow(/64 hex/)
    expect(() => resolveKeyServerConfig({ NODE_ENV: 'production' })).toThrow(/required in production/)
    expect(() => resolveKeyServerConfig({ WF_KEY_MODAL_ORIGINS: 'ftp://x' })).toThrow(/WF_KEY_MODAL_ORIGINS/)
    expect(() => resolveKeyServerConfig({ WF_PROJECTS_FILE: '/no/such/file.json' })).toThrow(/cannot read it/)
  })
})
