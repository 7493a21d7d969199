/** `npm start`: the whole stack on one machine, on embedded defaults; Ctrl-C stops all of it. */
import { resolveStackConfig } from '@walletframe/stack'
import { startStack } from './stack.ts'

const stack = await startStack(resolveStackConfig(), { projectsFile: process.env.WF_PROJECTS_FILE })
const { urls, config } = stack
console.log(`
WalletFrame is running
  demo dapp     ${urls.dapp}
  modal host    ${urls.modal}   (project "${config.projectId}")
${config.devnet.chains.map((c) => `  devnet        ${c.rpcUrl}   (chain ${c.chainId})`).join('\n')}

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
