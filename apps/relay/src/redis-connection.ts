/** Opening Redis connections for the mailbox and fan-out, failing fast when Redis is not there. */
import { Redis } from 'ioredis'

export async function connectRedis(url: string, onError: (error: Error) => void): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    // Many small commands from many sockets: batching them per tick keeps round trips down.
    enableAutoPipelining: true,
    // A command fails after a few reconnect attempts rather than holding a client's request for long.
    maxRetriesPerRequest: 3,
  })
  // ioredis rejects connect() with a generic "Connection is closed"; the error event says why.
  let cause: Error | undefined
  const remember = (error: Error) => {
    cause ??= error
  }
  redis.on('error', remember)
  try {
    await redis.connect()
  } catch (error) {
    redis.disconnect()
    throw new Error(`Redis at ${url} is not reachable: ${(cause ?? (error as Error)).message}`)
  } finally {
    redis.off('error', remember)
  }
  redis.on('error', onError)
  return redis
}

/** EVALSHA with a fallback to EVAL the first time a Redis instance sees the script. */
export async function runScript(
  redis: Redis,
  script: { source: string; sha: string },
  keys: string[],
  args: Array<string | number>,
): Promise<unknown> {
  try {
    return await redis.evalsha(script.sha, keys.length, ...keys, ...args)
  } catch (error) {
    if (!(error as Error).message.startsWith('NOSCRIPT')) throw error
    return redis.eval(script.source, keys.length, ...keys, ...args)
  }
}
