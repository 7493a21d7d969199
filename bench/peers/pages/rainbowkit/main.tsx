/** RainbowKit 2 with wagmi, as its quick start sets it up, on the devnet chain. */
import '@rainbow-me/rainbowkit/styles.css'
import { getDefaultConfig, RainbowKitProvider, useConnectModal } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { devnet, domSignal, expose, FAKE_PROJECT_ID } from '../peer.ts'

const config = getDefaultConfig({
  appName: 'Peer bench',
  projectId: FAKE_PROJECT_ID,
  chains: [devnet],
  ssr: false,
})
const queryClient = new QueryClient()

let openModal: (() => void) | undefined
let markReady: () => void = () => {}
const ready = new Promise<void>((resolve) => {
  markReady = resolve
})

/** RainbowKit opens its modal through a hook: this component hands it to the harness. */
function Opener() {
  const { openConnectModal } = useConnectModal()
  useEffect(() => {
    openModal = openConnectModal
    if (openConnectModal) markReady()
  }, [openConnectModal])
  return null
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <RainbowKitProvider>
        <Opener />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)

expose({
  ready,
  settled: ready,
  open: () => openModal?.(),
  whenVisible: () => domSignal(document.body, () => document.querySelector('[role="dialog"]') !== null),
})
