import { afterEach, describe, expect, it } from 'vitest'
import { BARRIER_KEY, barrier } from './barrier.ts'

const channels: MessageChannel[] = []
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close()
    channel.port2.close()
  }
})

function openChannel() {
  const channel = new MessageChannel()
  channels.push(channel)
  const received: unknown[] = []
  channel.port2.addEventListener('message', (event) => {
    received.push(event.data)
  })
  channel.port2.start()
  return { sender: channel.port1, receiver: channel.port2, received }
}

const payloads = (received: unknown[]) =>
  received.filter((data) => !(typeof data === 'object' && data !== null && BARRIER_KEY in data))

describe('barrier', () => {
  it('resolves only after everything sent before it has arrived', async () => {
    const { sender, receiver, received } = openChannel()
    for (let i = 0; i < 100; i++) sender.postMessage(i)
    expect(payloads(received)).toEqual([]) // nothing is delivered synchronously

    await barrier(sender, receiver)

    expect(payloads(received)).toEqual(Array.from({ length: 100 }, (_, i) => i))
  })

  it('proves a message that was never sent did not arrive, without a timer', async () => {
    const { sender, receiver, received } = openChannel()
    sender.postMessage('sent')
    const notSent = 'never'

    await barrier(sender, receiver)

    expect(payloads(received)).toEqual(['sent'])
    expect(payloads(received)).not.toContain(notSent)
  })

  it('does not resolve for a marker that went the other way, or for another barrier', async () => {
    const { sender, receiver } = openChannel()
    const log: string[] = []
    // Port 2 never posts, so a barrier sending from port 2 to port 2's own listener never settles;
    // a barrier on the right direction settles and the wrong one is still pending behind it.
    const wrongWay = barrier(receiver, receiver).then(() => log.push('wrong way'))
    await barrier(sender, receiver).then(() => log.push('right way'))
    await barrier(sender, receiver)
    expect(log).toEqual(['right way'])
    void wrongWay
  })

  it('works on a port that nobody started yet', async () => {
    const channel = new MessageChannel()
    channels.push(channel)
    channel.port1.postMessage('early')
    await expect(barrier(channel.port1, channel.port2)).resolves.toBeUndefined()
  })
})
