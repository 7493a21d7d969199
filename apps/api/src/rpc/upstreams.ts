import { rpcUpstreamsEnvName } from '@walletframe/protocol'

type Env = Record<string, string | undefined>

/**
 * The chain with its upstream nodes from `WF_API_RPC_UPSTREAMS_<chainId>` (comma-separated http(s)
 * URLs, spec §7 "Fallback ranking works across endpoints"); unset keeps its own `rpcUrl`. A bad URL
 * fails at start-up, naming the variable.
 */
export function withRpcUpstreams<T extends { chainId: number; rpcUrl: string }>(
  env: Env,
  chain: T,
): T & { rpcUpstreams: readonly string[] } {
  const name = rpcUpstreamsEnvName(chain.chainId)
  const raw = env[name]?.trim()
  if (!raw) return { ...chain, rpcUpstreams: [chain.rpcUrl] }
  const urls = raw.split(',').map((entry) => entry.trim())
  for (const url of urls) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      throw new Error(`${name} must list http(s) URLs separated by commas, got "${url}"`)
    }
  }
  if (new Set(urls).size !== urls.length) throw new Error(`${name} lists a URL twice`)
  return { ...chain, rpcUpstreams: urls }
}
