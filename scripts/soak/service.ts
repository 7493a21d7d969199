/**
 * One service of the soak in its own process (`node --expose-gc --import tsx service.ts relay|api`),
 * so its memory is its own: it says `{ ready, url }` over IPC once listening, then answers each
 * `{ sample, gc }` with `process.memoryUsage()` (after a full collection when `gc` is set).
 * The relay reads its settings from the environment like `npm start`'s; the API starts its own
 * devnet (anvil is a process of its own, outside these figures) and keeps its index in memory.
 */
import { resolveApiConfig, startApi } from '@walletframe/api'
import { startDevnet } from '@walletframe/devnet'
import { resolveRelayConfig, startRelay } from '@walletframe/relay'
import { resolveStackConfig } from '@walletframe/stack'

export interface ServiceSample {
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
}

export type ServiceMessage = { ready: true; url: string } | ({ sample: true } & ServiceSample)

async function start(kind: string): Promise<{ url: string; close(): Promise<void> }> {
  if (kind === 'relay') {
    const config = resolveRelayConfig(process.env)
    return startRelay({
      host: config.host,
      port: config.port,
      redisUrl: config.redisUrl,
      limits: config.limits,
    })
  }
  if (kind === 'api') {
    const stack = resolveStackConfig(process.env)
    const devnet = await startDevnet(stack.devnet)
    const api = await startApi({
      config: { ...resolveApiConfig(process.env, { stack, fixtures: devnet.fixtures }), dataDir: undefined },
    })
    return {
      url: api.url,
      close: async () => {
        await api.close()
        await devnet.close()
      },
    }
  }
  throw new Error(`soak service: unknown kind ${kind}`)
}

const send = (message: ServiceMessage) => process.send?.(message)
const service = await start(process.argv[2] ?? '')
const collect = (globalThis as { gc?: () => void }).gc
process.on('message', (message: { gc?: boolean }) => {
  if (message.gc) collect?.()
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage()
  send({ sample: true, rss, heapUsed, heapTotal, external })
})
// The parent going away (Ctrl-C, a crash) ends the service too.
process.on('disconnect', () => void service.close().finally(() => process.exit(0)))
send({ ready: true, url: service.url })
