/** `npm start`: the whole stack on one machine, on embedded defaults; Ctrl-C stops all of it. */
import { resolveApiConfig } from '@walletframe/api'
import { resolveModalRateLimits } from '@walletframe/modal-host/server'
import { resolveRelayConfig } from '@walletframe/relay'
import { resolveKeyServerConfig } from '@walletframe/secure-frame/server'
import { resolveStackConfig } from '@walletframe/stack'
import { startStack } from './stack.ts'

const stackConfig = resolveStackConfig()
const stack = await startStack(stackConfig, {
  relay: resolveRelayConfig(),
  api: (fixtures, solanaFixtures) => {
    const config = resolveApiConfig(process.env, { stack: stackConfig, fixtures, solanaFixtures })
    // The embedded devnet starts empty on every run, so by default the API's index lives in memory
    // with it; WF_API_DATA_DIR (or DATABASE_URL) keeps it, for a chain that persists.
    return process.env.WF_API_DATA_DIR ? config : { ...config, dataDir: undefined }
  },
  keyServer: resolveKeyServerConfig(process.env, { stack: stackConfig }),
  projectsFile: process.env.WF_PROJECTS_FILE,
  modalRateLimits: resolveModalRateLimits(process.env),
  onRampSandboxApiKey: process.env.WF_ONRAMP_SANDBOX_API_KEY,
  accountAbstraction: true,
})
const { urls, config } = stack
console.log(`
WalletFrame is running
  demo dapp     ${urls.dapp}
  modal host    ${urls.modal}   (project "${config.projectId}")
  relay         ${urls.relay}   (WalletConnect)
  data API      ${urls.api}   (balances, history, identity, wallet registry)
  key frame     ${urls.keyFrame}   (embedded wallet: email and social login, keys, approvals)${
    urls.inbox
      ? `
  dev inbox     ${urls.inbox}   (every mail the key server sends)`
      : ''
  }${
    urls.oidc
      ? `
  dev OIDC      ${urls.oidc}   (stands in for the social-login providers: test users)`
      : ''
  }
  on-ramp       ${urls.onRampSandbox}   (sandbox payment provider: test card 4242 4242 4242 4242)
${config.devnet.chains.map((c) => `  devnet        ${c.rpcUrl}   (chain ${c.chainId})`).join('\n')}
  solana        ${urls.solanaRpc}   (local Solana JSON-RPC, litesvm: test keys and the dUSD SPL token)
  bundler       ${urls.bundler}   (ERC-4337, EntryPoint v0.7, chain ${config.devnet.chains[0]?.chainId})
  paymaster     ${urls.paymaster}   (ERC-7677 dev paymaster: sponsors every operation)

Open the demo dapp in a browser. Press Ctrl-C to stop.
`)

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping…`)
  await stack.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
