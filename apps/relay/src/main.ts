/** `npm run serve` / the stack: a relay from environment variables, stopped by SIGINT or SIGTERM. */
import { resolveRelayConfig } from './config.ts'
import { startRelay } from './server.ts'

let relay: Awaited<ReturnType<typeof startRelay>>
try {
  const config = resolveRelayConfig()
  relay = await startRelay({
    host: config.host,
    port: config.port,
    publicUrl: config.publicUrl,
    redisUrl: config.redisUrl,
    limits: config.limits,
    trustedProxyHops: config.trustedProxyHops,
  })
  console.log(`relay listening on ${relay.url}${config.redisUrl ? ' (Redis mailbox)' : ''}`)
} catch (error) {
  // A bad setting or a busy port: one line saying which, not a stack trace.
  console.error(`relay: ${(error as Error).message}`)
  process.exit(1)
}

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  console.log(`relay: ${signal}, shutting down`)
  await relay.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
