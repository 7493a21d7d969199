/** AppKit core: `@reown/appkit/core`, no chain adapter (its WalletConnect universal provider only). */
import { createAppKit } from '@reown/appkit/core'
import { defineChain } from '@reown/appkit/networks'
import { devnet, FAKE_PROJECT_ID } from '../peer.ts'
import { exposeAppKit } from './appkit-peer.ts'

const network = defineChain({ ...devnet, caipNetworkId: `eip155:${devnet.id}`, chainNamespace: 'eip155' })

exposeAppKit(
  createAppKit({
    projectId: FAKE_PROJECT_ID,
    networks: [network],
    metadata: { name: 'Peer bench', description: 'Peer bench', url: location.origin, icons: [] },
    features: { analytics: false },
  }),
)
