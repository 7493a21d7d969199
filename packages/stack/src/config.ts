/**
 * Where each service of the local stack listens, from environment variables with dev defaults.
 * Each frame is its own site: dapp 127.0.0.1, modal 127.0.0.2 (ARCHITECTURE.md).
 */

export interface DevnetChainConfig {
  chainId: number
  name: string
  port: number
  rpcUrl: string
}

export interface StackConfig {
  projectId: string
  devnet: { host: string; chains: DevnetChainConfig[] }
  modal: { host: string; port: number; origin: string; url: string }
  dapp: { host: string; port: number; origin: string; url: string }
  /** Host origins the dev project allows besides the demo dapp (WALLETFRAME_DEV_ORIGINS). */
  extraDevOrigins: string[]
}

type Env = Record<string, string | undefined>

function port(env: Env, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > 65_535) {
    throw new Error(`${name} must be a TCP port (1-65535), got "${raw}"`)
  }
  return value
}

function origin(env: Env, name: string, host: string, listenPort: number): string {
  const raw = env[name]
  if (!raw) return `http://${host}:${listenPort}`
  const parsed = new URL(raw)
  if (parsed.origin === 'null') throw new Error(`${name} must be an http(s) origin, got "${raw}"`)
  return parsed.origin
}

export function resolveStackConfig(env: Env = process.env): StackConfig {
  const devnetHost = env.WF_DEVNET_HOST || '127.0.0.1'
  const firstPort = port(env, 'WF_DEVNET_PORT', 8545)
  const chains: DevnetChainConfig[] = [
    { chainId: 31337, name: 'WalletFrame Devnet A', port: firstPort },
    { chainId: 31338, name: 'WalletFrame Devnet B', port: firstPort + 1 },
  ].map((chain) => ({ ...chain, rpcUrl: `http://${devnetHost}:${chain.port}` }))

  const modalHost = env.WF_MODAL_HOST || '127.0.0.2'
  const modalPort = port(env, 'WF_MODAL_PORT', 5174)
  const modalOrigin = origin(env, 'WF_MODAL_ORIGIN', modalHost, modalPort)
  const dappHost = env.WF_DAPP_HOST || '127.0.0.1'
  const dappPort = port(env, 'WF_DAPP_PORT', 5173)
  const dappOrigin = origin(env, 'WF_DAPP_ORIGIN', dappHost, dappPort)

  const extraDevOrigins = (env.WALLETFRAME_DEV_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const parsed = new URL(entry)
      if (parsed.origin === 'null') throw new Error(`WALLETFRAME_DEV_ORIGINS: "${entry}" is not an origin`)
      return parsed.origin
    })

  return {
    projectId: env.WF_PROJECT_ID || 'walletframe-dev',
    devnet: { host: devnetHost, chains },
    modal: { host: modalHost, port: modalPort, origin: modalOrigin, url: `${modalOrigin}/` },
    dapp: { host: dappHost, port: dappPort, origin: dappOrigin, url: `${dappOrigin}/` },
    extraDevOrigins,
  }
}
