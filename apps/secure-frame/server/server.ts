import { connectLimiterRedis } from '@walletframe/rate-limit'
import { listen } from '@walletframe/stack'
import type { Redis } from 'ioredis'
import { createKeyServerApp } from './app.ts'
import type { KeyServerConfig } from './config.ts'
import { openDatabase } from './db/open.ts'
import { type MailCatcher, startMailCatcher } from './mail/catcher.ts'
import { createMailer } from './mail/mailer.ts'

export interface RunningKeyServer {
  /** The key origin when configured, else `http://host:port` with the real port; no trailing slash. */
  url: string
  /** The dev inbox, when this server started the mail catcher (no SMTP_URL). */
  inboxUrl?: string
  /** Stops taking requests, then closes the database and the catcher. */
  close(): Promise<void>
}

export interface StartKeyServerOptions {
  /** Start the dev mail catcher when no SMTP_URL is set (default true; false when one already runs). */
  startMailCatcher?: boolean
  log?: (message: string) => void
}

/** Opens the database (migrated), starts the dev mail catcher without SMTP_URL, and serves the key server. */
export async function startKeyServer(
  config: KeyServerConfig,
  options: StartKeyServerOptions = {},
): Promise<RunningKeyServer> {
  const log = options.log ?? ((message: string) => console.log(`[key-server] ${message}`))
  if (config.secretIsEphemeral) {
    log(
      'WF_KEY_SERVER_SECRET is not set: using a secret generated for this process; stored auth shares will not open after a restart',
    )
  }
  const catcher: MailCatcher | undefined =
    !config.smtpUrl && options.startMailCatcher !== false
      ? await startMailCatcher(config.mailCatcher)
      : undefined
  const db = await openDatabase(config).catch(async (error: unknown) => {
    await catcher?.close()
    throw error
  })
  const mailer = createMailer({
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    catcher: {
      host: config.mailCatcher.smtpHost,
      port: catcher ? Number(new URL(catcher.smtpUrl).port) : config.mailCatcher.smtpPort,
    },
  })
  let redis: Redis | undefined
  const release = async () => {
    mailer.close()
    redis?.disconnect()
    await Promise.all([db.close(), catcher?.close()])
  }
  const failed = async (error: unknown): Promise<never> => {
    await release()
    throw error
  }
  redis = config.redisUrl ? await connectLimiterRedis(config.redisUrl).catch(failed) : undefined
  const app = createKeyServerApp({ config, db, mailer, redis })
  const server = await listen({ fetch: app.fetch, hostname: config.host, port: config.port }).catch(failed)
  let closing: Promise<void> | undefined
  return {
    url: config.port === 0 ? `http://${config.host}:${server.port}` : config.origin,
    ...(catcher ? { inboxUrl: catcher.inboxUrl } : {}),
    close: () => {
      closing ??= (async () => {
        // Connections are cut at once: long-polls of "connect device" would hold the close up to
        // their full wait.
        await server.close()
        await release()
      })()
      return closing
    },
  }
}
