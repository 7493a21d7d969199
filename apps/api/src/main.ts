/**
 * `npm run serve -w @walletframe/api`: the data API alone, configured from the environment, against
 * a devnet that is already running (the stack's ports). Tokens are discovered by the indexer;
 * started with the devnet by `npm start`, the devnet's fixture tokens are configured as well.
 */
import { resolveApiConfig } from './config.ts'
import { startApi } from './server.ts'

const config = resolveApiConfig()
const api = await startApi({ config })
const storage = config.databaseUrl ? 'Postgres (DATABASE_URL)' : `PGlite in ${config.dataDir}`
console.log(
  `api listening on ${api.url} (${storage}; chains ${config.chains.map((c) => c.chainId).join(', ')}; ` +
    `projects ${config.projects.map((p) => p.projectId).join(', ')})`,
)

let stopping = false
const stop = async () => {
  // A second Ctrl-C while closing should not start a second close.
  if (stopping) return
  stopping = true
  await api.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
