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
  // Settled once the modal has first reported the account after its handshake: the SDK preloads by
  // itself after the load event (on by default), and waiting asks nothing of the modal, so a
  // missing preload would leave the page unsettled instead of loading the frame for the bench.
  settled: new Promise<void>((resolve) => {
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
