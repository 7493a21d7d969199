/**
 * Ordered-channel barrier: proves a message was NOT delivered without sleeping.
 *
 * A MessagePort (and a window's postMessage from one sender) delivers in order, so after posting a
 * marker behind everything already sent, anything sent before the marker has either arrived by the
 * time the marker does or never will. `await barrier(sender, receiver)` posts that marker on
 * `sender` and resolves when it arrives on `receiver`; a test then asserts what was (not) received.
 *
 * The receiver's own listeners see the marker too: it is a plain object `{ [BARRIER_KEY]: id }`
 * that any handler validating its messages ignores.
 */

export const BARRIER_KEY = '__walletframeTestBarrier'

export interface BarrierSender {
  postMessage(message: unknown): void
}

export interface BarrierReceiver {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

let markers = 0

export function barrier(sender: BarrierSender, receiver: BarrierReceiver): Promise<void> {
  const id = `${Date.now()}-${++markers}`
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Record<string, unknown> | null
      if (typeof data !== 'object' || data === null || data[BARRIER_KEY] !== id) return
      receiver.removeEventListener('message', onMessage)
      resolve()
    }
    receiver.addEventListener('message', onMessage)
    // A MessagePort only dispatches once started; addEventListener does not start it.
    ;(receiver as Partial<MessagePort>).start?.()
    sender.postMessage({ [BARRIER_KEY]: id })
  })
}
