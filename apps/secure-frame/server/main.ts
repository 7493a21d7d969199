/**
 * `npm run serve -w @walletframe/secure-frame`: the key server alone, configured from the
 * environment (README.md). Without SMTP_URL it starts the dev mail catcher too.
 */
import { resolveKeyServerConfig } from './config.ts'
import { startKeyServer } from './server.ts'

const config = resolveKeyServerConfig()
const server = await startKeyServer(config)
const storage = config.databaseUrl
  ? 'Postgres (DATABASE_URL)'
  : config.dataDir
    ? `PGlite in ${config.dataDir}`
    : 'PGlite in memory'
console.log(
  `key server listening on ${server.url} (${storage}; mail ${config.smtpUrl ? 'via SMTP_URL' : `to the dev inbox ${server.inboxUrl}`})`,
)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await server.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
