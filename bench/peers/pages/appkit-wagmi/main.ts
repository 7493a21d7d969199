/** AppKit with its wagmi adapter, the setup its docs lead with (no React: the vanilla entry). */
import { createAppKit } from '@reown/appkit'
import { defineChain } from '@reown/appkit/networks'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { exposeAppKit } from '../appkit/appkit-peer.ts'
import { devnet, FAKE_PROJECT_ID } from '../peer.ts'

const network = defineChain({ ...devnet, caipNetworkId: `eip155:${devnet.id}`, chainNamespace: 'eip155' })
const adapter = new WagmiAdapter({ projectId: FAKE_PROJECT_ID, networks: [network] })

exposeAppKit(
  createAppKit({
    adapters: [adapter],
    projectId: FAKE_PROJECT_ID,
    networks: [network],
    metadata: { name: 'Peer bench', description: 'Peer bench', url: location.origin, icons: [] },
    features: { analytics: false },
  }),
)
