/**
 * An integrator's use of the published package (docs/publishing.md): type-checked and run in Node
 * by scripts/publish/pack.test.ts against the packed tarball. Server-side rendering, as Next.js
 * does it: the Provider makes no instance, the button shows the disconnected state, an action
 * rejects with code 4900. (createElement, not JSX: the consumers are plain `.ts` files.)
 */
import {
  ConnectButton,
  type UseWalletFrame,
  useWalletFrame,
  useWalletFrameAccount,
  useWalletFrameState,
  type WalletFrameOptions,
  WalletFrameProvider,
} from '@walletframe/react'
import { baseSepolia } from '@walletframe/sdk/networks'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'

const options: WalletFrameOptions = {
  projectId: 'my-project',
  modalUrl: 'https://modal.example/',
  networks: [baseSepolia],
}

let actions: UseWalletFrame | undefined
function Status() {
  actions = useWalletFrame()
  const { status } = useWalletFrameAccount()
  const modal = useWalletFrameState()
  return createElement('p', null, `${status}, modal ${modal.open ? 'open' : 'closed'}`)
}

const html = renderToString(
  createElement(
    WalletFrameProvider,
    { options },
    createElement(ConnectButton, { className: 'connect' }),
    createElement(Status),
  ),
)
if (!html.includes('Connect Wallet') || !html.includes('class="connect"'))
  throw new Error(`the server-rendered ConnectButton is not the disconnected one: ${html}`)
if (!html.includes('disconnected, modal closed'))
  throw new Error(`the server-rendered account is not the disconnected, closed one: ${html}`)
if (!actions || actions.walletFrame !== undefined) throw new Error('a server render made an SDK instance')
await actions.open().then(
  () => {
    throw new Error('opening the modal during server rendering did not reject')
  },
  (error: { code?: number }) => {
    if (error.code !== 4900) throw new Error(`a server-side action rejected without code 4900: ${error}`)
  },
)

/** Mistakes the published types catch (never called). */
export function rejectedByTheTypes(): void {
  // @ts-expect-error the Provider needs the SDK's options
  createElement(WalletFrameProvider, {})
  // @ts-expect-error the button's label is text
  createElement(ConnectButton, { label: 42 })
  const withoutProjectId = { modalUrl: 'https://modal.example/', networks: [baseSepolia] }
  // @ts-expect-error projectId is required
  createElement(WalletFrameProvider, { options: withoutProjectId })
}
