export { createKeyServerApp, type KeyServerDeps } from './app.ts'
export {
  type BucketRule,
  DEFAULT_INBOX_PORT,
  DEFAULT_KEY_HOST,
  DEFAULT_KEY_PORT,
  DEFAULT_SMTP_PORT,
  type KeyServerConfig,
  type ResolveKeyServerConfigOptions,
  resolveKeyServerConfig,
} from './config.ts'
export type { KeyServerEnv } from './context.ts'
export type { Database } from './db/database.ts'
export { openDatabase } from './db/open.ts'
export {
  type CaughtMail,
  type MailCatcher,
  type MailCatcherOptions,
  startMailCatcher,
} from './mail/catcher.ts'
export { createMailer, type Mailer, type OutgoingMail } from './mail/mailer.ts'
export { type RunningKeyServer, type StartKeyServerOptions, startKeyServer } from './server.ts'
