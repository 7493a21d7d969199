/**
 * Starts the whole local stack — devnet (with its fixtures), the local Solana RPC, ERC-4337 bundler and paymaster, data API, WalletConnect relay, dev OIDC
 * provider, key server with its dev mail catcher, modal server, demo dapp — each on its own site,
 * and stops it in reverse order. Used by `npm start`, the e2e global setup and the benchmarks.
 */
import { fileURLToPath } from 'node:url'
import { type ApiConfig, type DevnetFixtures, startApi } from '@walletframe/api'
import { startAccountAbstractionServices } from '@walletframe/bundler'
import { startDemoDapp } from '@walletframe/demo-dapp/server'
import { startDevOidc } from '@walletframe/dev-oidc'
import {
  type Devnet,
  devnetAccounts,
  devnetChainDefinitions,
  ONRAMP_TREASURY_INDEX,
  type SolanaRpc,
  startDevnet,
  startSolanaRpc,
} from '@walletframe/devnet'
import { loadProjects, type ModalRateLimits, startModalServer } from '@walletframe/modal-host/server'
import { sandboxChainsOf, startOnRampSandbox } from '@walletframe/onramp-sandbox'
import { SANDBOX_DEV_API_KEY } from '@walletframe/protocol'
import { type RelayConfig, startRelay } from '@walletframe/relay'
import { devOidcClients, type KeyServerConfig, startKeyServer } from '@walletframe/secure-frame/server'
import type { StackConfig } from '@walletframe/stack'

export interface RunningStack {
  config: StackConfig
  devnet: Devnet
  /** The local Solana RPC and its fixtures (test keys, the dUSD mint). */
  solana: SolanaRpc
  urls: {
    dapp: string
    modal: string
    relay: string
    api: string
    keyFrame: string
    inbox: string | undefined
    /** The on-ramp sandbox (a stand-in for a fiat payment provider). */
    onRampSandbox: string
    /** The dev OIDC provider, when a social provider of the key server points at it. */
    oidc: string | undefined
    rpc: string[]
    /** The local Solana JSON-RPC: the `solanaLocalnet` network's RPC URL. */
    solanaRpc: string
    /** The ERC-4337 bundler and dev paymaster of the first chain, when started (`accountAbstraction`). */
    bundler: string | undefined
    paymaster: string | undefined
  }
  close(): Promise<void>
}

export interface StackOptions {
  /** The WalletConnect relay's settings (`resolveRelayConfig` from @walletframe/relay). */
  relay: RelayConfig
  /**
   * The data API's settings, made once the devnet has deployed its fixtures (their addresses) and
   * the local Solana RPC has its dUSD mint.
   */
  api: (fixtures: DevnetFixtures, solana: SolanaRpc['fixtures']) => ApiConfig
  /** The key server's settings (`resolveKeyServerConfig` from @walletframe/secure-frame/server). */
  keyServer: KeyServerConfig
  projectsFile?: string | undefined
  /** The sandbox's API key (the API's `WF_ONRAMP_SANDBOX_API_KEY`); SANDBOX_DEV_API_KEY by default. */
  onRampSandboxApiKey?: string | undefined
  /** The modal server's request limit (`resolveModalRateLimits`); its defaults when omitted. */
  modalRateLimits?: ModalRateLimits | undefined
  /**
   * Start the bundler and the dev paymaster on the first devnet chain, and name the bundler to the
   * modal (its bootstrap's `bundlerUrls`): the embedded wallet's smart account lives there.
   */
  accountAbstraction?: boolean
}

export async function startStack(config: StackConfig, options: StackOptions): Promise<RunningStack> {
  const stops: Array<() => Promise<void>> = []
  const close = async () => {
    // Idempotent: each service is stopped once, in reverse order of start.
    for (const stop of stops.splice(0).reverse()) await stop().catch((error) => console.error(error))
  }
  try {
    const devnet = await startDevnet(config.devnet)
    stops.push(() => devnet.close())
    const solana = await startSolanaRpc({ host: config.solana.host, port: config.solana.port })
    stops.push(() => solana.close())
    const firstChain = devnet.chains[0]
    const accountAbstraction =
      options.accountAbstraction && firstChain
        ? await startAccountAbstractionServices({
            config: config.bundler,
            chain: firstChain,
            contracts: devnet.fixtures[firstChain.chainId]!.accountAbstraction,
          })
        : undefined
    if (accountAbstraction) stops.push(() => accountAbstraction.close())
    // Before the API, which asks it for the on-ramp options.
    const onRampSandbox = await startOnRampSandbox({
      host: config.onRampSandbox.host,
      port: config.onRampSandbox.port,
      url: config.onRampSandbox.url,
      apiKey: options.onRampSandboxApiKey ?? SANDBOX_DEV_API_KEY,
      chains: sandboxChainsOf(config.devnet.chains),
      treasuryPrivateKey: devnetAccounts()[ONRAMP_TREASURY_INDEX]!.privateKey,
    })
    stops.push(() => onRampSandbox.close())
    const relay = await startRelay(options.relay)
    stops.push(() => relay.close())
    const api = await startApi({ config: options.api(devnet.fixtures, solana.fixtures) })
    stops.push(() => api.close())
    // The dev stand-in of the social-login providers, with the key server's clients registered.
    const clients = devOidcClients(options.keyServer.social)
    const oidc =
      clients.length > 0
        ? await startDevOidc({
            host: config.oidc.host,
            port: config.oidc.port,
            issuer: config.oidc.issuer,
            clients,
          })
        : undefined
    if (oidc) stops.push(() => oidc.close())
    const keyServer = await startKeyServer({
      ...options.keyServer,
      distDir: options.keyServer.distDir ?? KEY_FRAME_DIST,
    })
    stops.push(() => keyServer.close())
    const modal = await startModalServer({
      host: config.modal.host,
      port: config.modal.port,
      origin: config.modal.origin,
      distDir: fileURLToPath(new URL('../apps/modal-host/dist', import.meta.url)),
      sdkDir: fileURLToPath(new URL('../packages/sdk/dist', import.meta.url)),
      relayUrl: relay.url,
      apiUrl: api.url,
      keyFrameOrigin: new URL(keyServer.url).origin,
      ...(accountAbstraction && firstChain
        ? { bundlerUrls: { [firstChain.chainId]: accountAbstraction.bundlerUrl } }
        : {}),
      ...(options.modalRateLimits ? { rateLimits: options.modalRateLimits } : {}),
      projects: loadProjects({
        devProjectId: config.projectId,
        devOrigins: [config.dapp.origin, ...config.extraDevOrigins],
        projectsFile: options.projectsFile,
      }),
    })
    stops.push(() => modal.close())
    const dapp = await startDemoDapp({
      host: config.dapp.host,
      port: config.dapp.port,
      modalUrl: config.modal.url,
      projectId: config.projectId,
      chains: devnetChainDefinitions(config.devnet),
      // The demo's "Send 1 dUSD" action sends the first chain's dUSD fixture.
      ...demoToken(devnet),
    })
    stops.push(() => dapp.close())
    return {
      config,
      devnet,
      solana,
      urls: {
        dapp: dapp.url,
        modal: modal.url,
        relay: relay.url,
        api: api.url,
        keyFrame: keyServer.url,
        inbox: keyServer.inboxUrl,
        onRampSandbox: onRampSandbox.url,
        oidc: oidc?.issuer,
        rpc: devnet.chains.map((c) => c.rpcUrl),
        solanaRpc: solana.url,
        bundler: accountAbstraction?.bundlerUrl,
        paymaster: accountAbstraction?.paymasterUrl,
      },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** The key frame's build (apps/secure-frame), served by the key server at /frame. */
const KEY_FRAME_DIST = fileURLToPath(new URL('../apps/secure-frame/dist', import.meta.url))

function demoToken(devnet: Devnet) {
  const first = devnet.chains[0]
  const dusd = first && devnet.fixtures[first.chainId]?.tokens.find((token) => token.symbol === 'dUSD')
  return dusd ? { token: { address: dusd.address, symbol: dusd.symbol, decimals: dusd.decimals } } : {}
}
