/**
 * A stand-in for the modal app on the other end of a real MessageChannel: it accepts the SDK's
 * hello with the protocol's own child side and zod validator, checks the init against the
 * ModalInit schema, and answers like the modal does (contracts.md, "Modal behaviour").
 */
import {
  acceptFromParent,
  createZodValidator,
  type ListeningWindowLike,
  type Messenger,
  type ModalInit,
  ModalInitSchema,
} from '@walletframe/protocol'
import { HOST_ORIGIN } from './fake-window.ts'

export const ADDRESS = '0x1111111111111111111111111111111111111111'

export interface FakeModal {
  messenger: Messenger<'child'>
  init: ModalInit
  /** Every message that crossed the channel's port, each way, the handshake reply included. */
  traffic: { toModal: Record<string, unknown>[]; toHost: Record<string, unknown>[] }
}

/** Records the traffic on the port that the SDK's hello brings. */
function recordTraffic(modalWindow: EventTarget): FakeModal['traffic'] {
  const traffic: FakeModal['traffic'] = { toModal: [], toHost: [] }
  modalWindow.addEventListener('message', (event) => {
    const port = (event as MessageEvent).ports?.[0]
    if (!port) return
    port.addEventListener('message', (message) => traffic.toModal.push(message.data))
    const post = port.postMessage.bind(port)
    port.postMessage = (data: Record<string, unknown>) => {
      traffic.toHost.push(data)
      post(data)
    }
  })
  return traffic
}

export async function serveFakeModal(modalWindow: EventTarget, hostWindow: unknown): Promise<FakeModal> {
  const traffic = recordTraffic(modalWindow)
  const accepted = await acceptFromParent({
    self: modalWindow as unknown as ListeningWindowLike,
    parent: hostWindow,
    isOriginAllowed: (origin) => origin === HOST_ORIGIN,
    validator: createZodValidator(),
  })
  const init = ModalInitSchema.parse(accepted.init)
  const { messenger } = accepted
  let open = false
  const setOpen = (next: boolean) => {
    open = next
    messenger.emit('modal.state', { open, view: 'Connect' })
  }
  messenger.handle('modal.open', () => {
    setOpen(true)
    return null
  })
  messenger.handle('modal.close', () => {
    setOpen(false)
    return null
  })
  messenger.handle('wallet.connect', () => {
    messenger.emit('account.changed', {
      status: 'connected',
      address: ADDRESS,
      chainId: 31337,
      caipAddress: `eip155:31337:${ADDRESS}`,
    })
    return { address: ADDRESS, chainId: 31337, caipAddress: `eip155:31337:${ADDRESS}` }
  })
  messenger.handle('theme.set', () => null)
  messenger.handle('wallet.disconnect', () => null)
  messenger.handle('siwx.signOut', () => {
    messenger.emit('siwx.session', { session: null })
    return null
  })
  messenger.handle('rpc.request', ({ method }) => (method === 'eth_chainId' ? '0x7a69' : null))
  // After the handshake the modal tells its current account and state.
  messenger.emit('account.changed', { status: 'disconnected' })
  messenger.emit('modal.state', { open, view: 'Connect' })
  return { messenger, init, traffic }
}
