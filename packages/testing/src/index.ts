/**
 * Test support shared by the workspaces. Light helpers live here; the ones that load heavy
 * dependencies have their own entry points: `@walletframe/testing/postgres` (pg) and
 * `@walletframe/testing/walletconnect` (sign-client, walletkit, viem).
 */
export { BARRIER_KEY, type BarrierReceiver, type BarrierSender, barrier } from './barrier.ts'
export { freePort, freePortPair } from './free-port.ts'
export {
  hasRedisServer,
  REDIS_SERVER,
  type RedisServer,
  type RestartableRedisServer,
  startRedisServer,
  startRestartableRedisServer,
} from './redis-server.ts'
