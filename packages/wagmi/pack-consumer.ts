/**
 * An integrator's use of the published package (docs/publishing.md): type-checked and run in Node
 * by scripts/publish/pack.test.ts against the packed tarball. On a server, as under server-side
 * rendering: `createConfig` with the connector and `reconnect` touch no DOM and make no SDK.
 */
import { createConfig, http, ProviderNotFoundError, reconnect } from '@wagmi/core'
import { walletFrame } from '@walletframe/wagmi'
import { baseSepolia } from 'viem/chains'

const config = createConfig({
  chains: [baseSepolia],
  connectors: [walletFrame({ projectId: 'my-project', modalUrl: 'https://modal.example/' })],
  transports: { [baseSepolia.id]: http() },
})
const connector = config.connectors.find((candidate) => candidate.id === 'walletFrame')
if (
  connector?.name !== 'WalletFrame' ||
  connector.type !== 'walletFrame' ||
  connector.rdns !== 'io.walletframe'
)
  throw new Error(`the WalletFrame connector is not in the config as itself: ${connector?.name}`)
const restored = await reconnect(config)
if (restored.length !== 0) throw new Error('a server reconnected a wallet')
if (await connector.isAuthorized()) throw new Error('a server-side connector is authorized')
await connector.getProvider().then(
  () => {
    throw new Error('a server-side connector has a provider')
  },
  (error: unknown) => {
    if (!(error instanceof ProviderNotFoundError)) throw error
  },
)

/** Mistakes the published types catch (never called). */
export function rejectedByTheTypes(): void {
  // @ts-expect-error projectId is required
  walletFrame({ modalUrl: 'https://modal.example/' })
  // @ts-expect-error a network is a chain object, not an id
  walletFrame({ projectId: 'my-project', modalUrl: 'https://modal.example/', networks: [84532] })
}
