/**
 * A client process of the matrix: `node --conditions=walletframe-source --import tsx worker.ts <kind> <module>` loads one client
 * version and runs the commands of wire.ts, read line by line from stdin; replies and events go to
 * stdout as JSON lines. Whatever the SDK prints goes to stderr, which the runner keeps for failures.
 */
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { memoryStorage } from '@walletframe/testing/memory-storage'
import { Acknowledgements } from './acknowledgements.ts'
import type { ClientKind, SessionLike, SignClientLike } from './clients.ts'
import { refuseCloudCalls } from './offline.ts'
import { actAsWallet, loadClient, namespacesFor, USER_DISCONNECTED, type WalletApi } from './wallet-api.ts'
import {
  type CommandLine,
  type CommandName,
  type Commands,
  type EventName,
  type Events,
  type OutLine,
  WALLET_EVENTS,
  WALLET_METHODS,
} from './wire.ts'

const [kind, module] = process.argv.slice(2) as [ClientKind, string]
const write = (line: OutLine) => process.stdout.write(`${JSON.stringify(line)}\n`)
const send = <E extends EventName>(event: E, data: Events[E]) => write({ event, data })
for (const method of ['log', 'info', 'warn', 'debug', 'trace'] as const) console[method] = console.error
refuseCloudCalls((url) => send('cloud_call', { url }))
// In a browser an unhandled rejection is logged and the page lives on; some versions leave one
// behind when their socket closes, which would end a Node process.
process.on('unhandledRejection', (reason) => console.error('unhandled rejection:', reason))

class WorkerStateError extends Error {}

/**
 * The SDK's own trace log, to a file in WF_INTEROP_LOG_DIR when set (a failed step is explained
 * there: what the client sent, received and decided); silent otherwise. Not stdout: that is ours.
 */
async function sdkLogger(role: string) {
  const dir = process.env.WF_INTEROP_LOG_DIR
  if (!dir) return 'silent'
  const { pino, destination } = await import('pino')
  const file = join(dir, `${module.replace('/', '+')}-${role}-${process.pid}.log`)
  return pino({ level: 'trace' }, destination({ dest: file, mkdir: true }))
}

let client: SignClientLike | undefined
let acknowledgements: Acknowledgements | undefined
let wallet: WalletApi | undefined
let chain = ''
let approval: Promise<SessionLike> | undefined

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new WorkerStateError(`${what} first`)
  return value
}
const accountsOf = (namespaces: SessionLike['namespaces']) =>
  Object.values(namespaces).flatMap((namespace) => namespace.accounts)

function forwardEvents(peer: SignClientLike) {
  peer.on<{ topic: string; params: { namespaces: SessionLike['namespaces'] } }>('session_update', (e) =>
    send('session_update', { topic: e.topic, accounts: accountsOf(e.params.namespaces) }),
  )
  peer.on<{ topic: string }>('session_extend', (e) => send('session_extend', { topic: e.topic }))
  peer.on<{ topic: string; params: { event: { name: string; data: unknown } } }>('session_event', (e) =>
    send('session_event', { topic: e.topic, name: e.params.event.name, data: e.params.event.data }),
  )
  peer.on<{ topic: string }>('session_ping', (e) => send('session_ping', { topic: e.topic }))
  peer.on<{ topic: string }>('session_delete', (e) => send('session_delete', { topic: e.topic }))
}

type Handlers = { [C in CommandName]: (params: Commands[C]['params']) => Promise<Commands[C]['result']> }

const handlers: Handlers = {
  async init({ relayUrl, role, chain: sessionChain, privateKey }) {
    chain = sessionChain
    const options = {
      projectId: 'walletframe-interop',
      relayUrl,
      storage: memoryStorage(),
      telemetryEnabled: false,
      logger: await sdkLogger(role),
    }
    const metadata = {
      name: `${module} ${role}`,
      description: 'interop matrix',
      url: 'http://127.0.0.1',
      icons: [],
    }
    const loaded = await loadClient(kind, module, options, metadata)
    client = loaded.client
    acknowledgements = new Acknowledgements(client)
    if (role === 'wallet') {
      wallet = need(loaded.wallet, 'a wallet SDK')
      actAsWallet(wallet, chain, privateKey)
    }
    forwardEvents(client)
    return { clientId: await client.core.crypto.getClientId() }
  },
  async propose() {
    const namespace = { chains: [chain], methods: [...WALLET_METHODS], events: [...WALLET_EVENTS] }
    const { uri, approval: approved } = await need(client, 'init').connect({
      optionalNamespaces: { eip155: namespace },
    })
    if (!uri) throw new WorkerStateError('connect() gave no pairing URI')
    approval = approved()
    return { uri }
  },
  async session() {
    const session = await need(approval, 'propose')
    return { topic: session.topic, accounts: accountsOf(session.namespaces) }
  },
  async pair({ uri }) {
    await need(wallet, 'init as wallet').pair(uri)
    return {}
  },
  async request({ topic, method, params }) {
    const answer = await need(client, 'init').request({ topic, chainId: chain, request: { method, params } })
    return { answer }
  },
  update({ topic, accounts }) {
    const send = need(wallet, 'init as wallet')
    return need(acknowledgements, 'init').around('session_update', () =>
      send.update(topic, namespacesFor(chain, accounts)),
    )
  },
  extend({ topic }) {
    const send = need(wallet, 'init as wallet')
    return need(acknowledgements, 'init').around('session_extend', () => send.extend(topic))
  },
  async emit({ topic, name, data }) {
    await need(wallet, 'init as wallet').emit(topic, chain, { name, data })
    return {}
  },
  async ping({ topic }) {
    await need(client, 'init').ping({ topic })
    return {}
  },
  async disconnect({ topic }) {
    await need(client, 'init').disconnect({ topic, reason: USER_DISCONNECTED })
    return {}
  },
  async close() {
    if (client) {
      client.core.heartbeat.stop()
      await client.core.relayer.transportClose()
    }
    setImmediate(() => process.exit(0))
    return {}
  },
}

const run = <C extends CommandName>({ id, command, params }: CommandLine<C>) =>
  (handlers[command] as (params: Commands[C]['params']) => Promise<unknown>)(params).then(
    (result) => write({ id, result }),
    (error: unknown) => {
      console.error(error)
      write({ id, error: error instanceof Error ? error.message : String(error) })
    },
  )

createInterface({ input: process.stdin }).on('line', (line) => void run(JSON.parse(line) as CommandLine))
