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
  /**
   * The local Solana JSON-RPC (packages/devnet, on litesvm): the `solanaLocalnet` network's RPC,
   * on the devnet's host.
   */
  solana: { host: string; port: number; rpcUrl: string }
  modal: { host: string; port: number; origin: string; url: string }
  dapp: { host: string; port: number; origin: string; url: string }
  /**
   * The embedded wallet's key frame and its server (apps/secure-frame): a third site, on a domain
   * name because WebAuthn refuses IP addresses (ARCHITECTURE.md).
   */
  keyFrame: { host: string; port: number; origin: string }
  /** The dev mail catcher: SMTP for the key server, an inbox page and JSON for people and tests. */
  mail: { host: string; smtpPort: number; inboxPort: number; inboxUrl: string }
  /**
   * The dev OIDC provider (apps/dev-oidc): stands in for the six social-login providers in dev and
   * tests; the key server's dev defaults point every provider at `issuer`.
   */
  oidc: { host: string; port: number; issuer: string }
  /**
   * The on-ramp sandbox (apps/onramp-sandbox): stands in for a fiat payment provider (its API, its
   * hosted checkout page) and credits the devnet; the data API's on-ramp routes call it.
   */
  onRampSandbox: { host: string; port: number; url: string }
  /**
   * ERC-4337 on the first devnet chain (packages/bundler): the bundler (Alto) and the dev paymaster
   * service (ERC-7677), both on the devnet's host.
   */
  bundler: { host: string; port: number; url: string; paymasterPort: number; paymasterUrl: string }
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

  const solanaPort = port(env, 'WF_SOLANA_PORT', 8899)

  const modalHost = env.WF_MODAL_HOST || '127.0.0.2'
  const modalPort = port(env, 'WF_MODAL_PORT', 5174)
  const modalOrigin = origin(env, 'WF_MODAL_ORIGIN', modalHost, modalPort)
  const dappHost = env.WF_DAPP_HOST || '127.0.0.1'
  const dappPort = port(env, 'WF_DAPP_PORT', 5173)
  const dappOrigin = origin(env, 'WF_DAPP_ORIGIN', dappHost, dappPort)

  const keyHost = env.WF_KEY_HOST || 'localhost'
  const keyPort = port(env, 'WF_KEY_PORT', 5177)
  const oidcHost = env.WF_OIDC_HOST || '127.0.0.1'
  const oidcPort = port(env, 'WF_OIDC_PORT', 5180)
  const mailHost = env.WF_SMTP_HOST || '127.0.0.1'
  const inboxPort = port(env, 'WF_INBOX_PORT', 5178)

  const sandboxHost = env.WF_ONRAMP_SANDBOX_HOST || '127.0.0.1'
  const sandboxPort = port(env, 'WF_ONRAMP_SANDBOX_PORT', 5181)

  const bundlerPort = port(env, 'WF_BUNDLER_PORT', 4337)
  const paymasterPort = port(env, 'WF_PAYMASTER_PORT', 4338)

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
    solana: { host: devnetHost, port: solanaPort, rpcUrl: `http://${devnetHost}:${solanaPort}` },
    modal: { host: modalHost, port: modalPort, origin: modalOrigin, url: `${modalOrigin}/` },
    dapp: { host: dappHost, port: dappPort, origin: dappOrigin, url: `${dappOrigin}/` },
    keyFrame: { host: keyHost, port: keyPort, origin: origin(env, 'WF_KEY_ORIGIN', keyHost, keyPort) },
    mail: {
      host: mailHost,
      smtpPort: port(env, 'WF_SMTP_PORT', 2525),
      inboxPort,
      inboxUrl: `http://${mailHost}:${inboxPort}/`,
    },
    oidc: { host: oidcHost, port: oidcPort, issuer: origin(env, 'WF_OIDC_ISSUER', oidcHost, oidcPort) },
    onRampSandbox: {
      host: sandboxHost,
      port: sandboxPort,
      url: origin(env, 'WF_ONRAMP_SANDBOX_ORIGIN', sandboxHost, sandboxPort),
    },
    bundler: {
      host: devnetHost,
      port: bundlerPort,
      url: `http://${devnetHost}:${bundlerPort}`,
      paymasterPort,
      paymasterUrl: `http://${devnetHost}:${paymasterPort}`,
    },
    extraDevOrigins,
  }
}
