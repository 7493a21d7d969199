/** WalletFrame as an integrator embeds it: the SDK's ESM build; `?preload` sets the option (on by default). */
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
  // `?preload`: settled once the frame has answered (its handshake is done). Without the option the
  // SDK preloads by itself once the page is idle: settled when its modal first reports the account,
  // which asks nothing of the modal, so a missing preload would leave the page unsettled.
  settled: query.has('preload')
    ? wf.request({ method: 'eth_chainId' })
    : new Promise<void>((resolve) => {
        const stop = wf.subscribeAccount(() => {
          stop()
          resolve()
        })
      }),
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
