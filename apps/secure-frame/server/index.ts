export type { Database } from '@walletframe/db'
export { createKeyServerApp, type KeyServerDeps } from './app.ts'
export {
  type BucketRule,
  type KeyServerConfig,
  type ResolveKeyServerConfigOptions,
  resolveKeyServerConfig,
} from './config.ts'
export type { KeyServerEnv } from './context.ts'
export { openDatabase } from './db/open.ts'
export {
  type CaughtMail,
  type MailCatcher,
  type MailCatcherOptions,
  startMailCatcher,
} from './mail/catcher.ts'
export { createMailer, type Mailer, type OutgoingMail } from './mail/mailer.ts'
export { type RunningKeyServer, type StartKeyServerOptions, startKeyServer } from './server.ts'
export { type DevClient, devOidcClients, type SocialConfig } from './social/config.ts'
