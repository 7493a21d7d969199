/**
 * An integrator's use of the published package (docs/publishing.md): type-checked and run in Node
 * by scripts/publish/pack.test.ts against the packed tarball. Server-side, the instance is inert.
 */
import {
  type AccountState,
  createWalletFrame,
  type EIP1193Provider,
  type WalletFrame,
} from '@walletframe/sdk'
import { baseSepolia } from '@walletframe/sdk/networks'

const walletFrame: WalletFrame = createWalletFrame({
  projectId: 'my-project',
  modalUrl: 'https://modal.example/',
  networks: [baseSepolia],
})
const account: AccountState = walletFrame.getAccount()
if (account.isConnected) throw new Error('a server-side instance is never connected')
const provider: EIP1193Provider = walletFrame.getProvider('eip155')
const unsubscribe = walletFrame.subscribeAccount((next) => next.address?.toLowerCase())
unsubscribe()
walletFrame.destroy()
await provider.request({ method: 'eth_chainId' }).then(
  () => {
    throw new Error('a server-side provider answers no request')
  },
  (error: { code?: number }) => error.code,
)

/** Mistakes the published types catch (never called). */
export function rejectedByTheTypes(): void {
  // @ts-expect-error projectId is required
  createWalletFrame({ modalUrl: 'https://modal.example/', networks: [baseSepolia] })
  // @ts-expect-error a network is a chain object, not an id
  createWalletFrame({ projectId: 'my-project', modalUrl: 'https://modal.example/', networks: [84532] })
}
