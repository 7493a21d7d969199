/** `npm run serve -w @walletframe/modal-host`: the modal server alone, configured like the full stack. */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseBundlerUrls } from '@walletframe/protocol'
import { resolveStackConfig } from '@walletframe/stack'
import { resolveModalRateLimits, startModalServer } from './index.ts'
import { loadProjects } from './projects.ts'

const config = resolveStackConfig()
const projects = loadProjects({
  devProjectId: config.projectId,
  devOrigins: [config.dapp.origin, ...config.extraDevOrigins],
  projectsFile: process.env.WF_PROJECTS_FILE,
})

const server = await startModalServer({
  host: config.modal.host,
  port: config.modal.port,
  origin: config.modal.origin,
  distDir: join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
  projects,
  rateLimits: resolveModalRateLimits(process.env),
  // The WalletConnect relay of this deployment (apps/relay's public URL); without it the modal
  // offers no WalletConnect.
  ...(process.env.WF_RELAY_PUBLIC_URL ? { relayUrl: process.env.WF_RELAY_PUBLIC_URL } : {}),
  // The data API of this deployment (apps/api); without it the account tabs and registry are not shown.
  ...(process.env.WF_API_PUBLIC_URL ? { apiUrl: process.env.WF_API_PUBLIC_URL } : {}),
  // The key frame of this deployment (apps/secure-frame); without it no email login is offered.
  ...(process.env.WF_KEY_ORIGIN ? { keyFrameOrigin: process.env.WF_KEY_ORIGIN } : {}),
  // The ERC-4337 bundlers of this deployment; without them the embedded wallet has no smart account.
  ...(process.env.WF_BUNDLER_URLS ? { bundlerUrls: parseBundlerUrls(process.env.WF_BUNDLER_URLS) } : {}),
})
console.log(
  `modal-host listening on ${server.url} (projects: ${projects.map((p) => p.projectId).join(', ')})`,
)

let stopping = false
const stop = async () => {
  // A second Ctrl-C while closing should not start a second close.
  if (stopping) return
  stopping = true
  await server.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
