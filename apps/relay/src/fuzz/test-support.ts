/**
 * A bare socket for the relay fuzzer: sends any text and collects the replies it causes. Each frame
 * is followed by a probe (a call of no method, answered at once); the exchange ends when the probe
 * is answered and the frame's own replies are in, so nothing waits on a timer.
 */
import { WebSocket } from 'ws'
import { createIdentity } from '../testing/identity.ts'

export interface RpcReply {
  jsonrpc: unknown
  id: unknown
  result?: unknown
  error: { code: number; message: string }
}

export async function openFrameSocket(url: string) {
  const identity = createIdentity()
  const socket = new WebSocket(`${url}?auth=${identity.token(url)}`, { maxPayload: 4_000_000 })
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  let open = true
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      open = false
      resolve()
    }),
  )
  const frames: RpcReply[] = []
  let wake = () => {}
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as RpcReply & { method?: string }
    // Deliveries of what a fuzzed publish stored: the relay's own requests, not replies.
    if (frame.method === 'irn_subscription') return
    frames.push(frame)
    wake()
  })
  let probes = 0
  return {
    get open() {
      return open
    },
    /** Sends `text`, then waits for the probe's answer and `expected` other replies; returns those. */
    async exchange(text: string, expected: number): Promise<RpcReply[]> {
      const probeId = `probe-${++probes}`
      socket.send(text)
      socket.send(JSON.stringify({ id: probeId, jsonrpc: '2.0', method: 'fuzz_probe' }))
      const done = () => frames.some((frame) => frame.id === probeId) && frames.length > expected
      while (!done()) await new Promise<void>((resolve) => (wake = resolve))
      const replies = frames.splice(0).filter((frame) => frame.id !== probeId)
      return replies
    },
    async close() {
      socket.close()
      await closed
    },
  }
}
