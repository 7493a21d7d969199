/** WalletFrame as an integrator embeds it: the SDK's ESM build; `?preload` sets the option. */
import { createWalletFrame } from '@walletframe/sdk'
import { devnet, expose, query } from '../peer.ts'

const wf = createWalletFrame({
  projectId: query.get('projectId') ?? '',
  modalUrl: query.get('modal') ?? '',
  networks: [devnet],
  metadata: { name: 'Peer bench', url: location.origin },
  ...(query.has('preload') ? { preload: true } : {}),
})

expose({
  ready: Promise.resolve(),
  // Preloaded: settled once the frame has answered (its handshake is done); otherwise nothing runs.
  settled: query.has('preload') ? wf.request({ method: 'eth_chainId' }) : Promise.resolve(),
  open: () => void wf.open(),
  whenVisible: () =>
    new Promise((resolve) => {
      const stop = wf.subscribeState((state) => {
        if (!state.open) return
        stop()
        resolve()
      })
    }),
})
