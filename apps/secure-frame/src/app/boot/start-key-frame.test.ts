/**
 * Trust at start (spec §2; docs/embedded-wallet.md): the key frame answers a hello only when it is
 * framed by a modal origin under an allowed host origin, and only from window.parent on the
 * parent's own origin. Otherwise no handshake ever happens.
 */
import {
  createFrameValidator,
  FRAME_METHOD_META,
  HANDSHAKE,
  type ListeningWindowLike,
  type MessageEventLike,
  SUPPORTED_PROTOCOL_VERSIONS,
  serializeKeyFrameConfig,
} from '@walletframe/protocol'
import { afterEach, describe, expect, it } from 'vitest'
import { DEVNET_INIT } from '../test-support/key-frame-harness.ts'
import { type KeyFrameEnvironment, startKeyFrame } from './start-key-frame.ts'

const MODAL = 'http://127.0.0.2:5174'
const HOST = 'http://127.0.0.1:5173'
const config = { projectId: DEVNET_INIT.projectId, modalOrigins: [MODAL], hostOrigins: [HOST] }

class TestWindow implements ListeningWindowLike {
  readonly listeners = new Set<(event: MessageEventLike) => void>()
  addEventListener(_: 'message', listener: (event: MessageEventLike) => void) {
    this.listeners.add(listener)
  }
  removeEventListener(_: 'message', listener: (event: MessageEventLike) => void) {
    this.listeners.delete(listener)
  }
}

const ports: MessagePort[] = []
afterEach(() => {
  for (const port of ports.splice(0)) port.close()
})

function environment(change: Partial<KeyFrameEnvironment> = {}) {
  const self = new TestWindow()
  const parent = {}
  const env: KeyFrameEnvironment = {
    self,
    parent,
    framed: true,
    search: `?projectId=${DEVNET_INIT.projectId}&chainId=31337&version=0.1.0&logger=0`,
    ancestorOrigins: [MODAL, HOST],
    configText: serializeKeyFrameConfig(config),
    ...change,
  }
  return { env, self, parent }
}

/** Posts a hello as the modal would; resolves with the frame's answer, or 'no answer'. */
function sayHello(self: TestWindow, event: { origin: string; source: unknown }) {
  const { port1, port2 } = new MessageChannel()
  ports.push(port1, port2)
  const answer = new Promise<unknown>((resolve) => {
    port1.onmessage = (message) => resolve(message.data)
    setTimeout(() => resolve('no answer'), 100)
  })
  const hello = { type: HANDSHAKE.helloType, versions: [...SUPPORTED_PROTOCOL_VERSIONS], init: DEVNET_INIT }
  for (const listener of [...self.listeners]) listener({ data: hello, ports: [port2], ...event })
  return answer
}

describe('the key frame at start', () => {
  it('answers the hello of its parent on the modal origin, with the key-frame table', async () => {
    const { env, self, parent } = environment()
    const start = startKeyFrame(env)
    expect(start.started).toBe(true)
    await expect(sayHello(self, { origin: MODAL, source: parent })).resolves.toMatchObject({
      type: HANDSHAKE.readyType,
    })
    if (!start.started) return
    const { init } = await start.connected
    expect(init.chainId).toBe(31337)
    expect(createFrameValidator()).toBeDefined()
    expect(Object.keys(FRAME_METHOD_META)).toContain('frame.rpcRequest')
  })

  it('does not answer a hello from another window or another origin', async () => {
    const { env, self, parent } = environment()
    startKeyFrame(env)
    await expect(sayHello(self, { origin: MODAL, source: {} })).resolves.toBe('no answer')
    await expect(sayHello(self, { origin: 'http://127.0.0.9:5174', source: parent })).resolves.toBe(
      'no answer',
    )
    await expect(sayHello(self, { origin: HOST, source: parent })).resolves.toBe('no answer')
  })

  it.each([
    ['not framed', { framed: false }],
    ['no ancestorOrigins (a browser without them)', { ancestorOrigins: undefined }],
    ['a missing ancestor entry', { ancestorOrigins: [MODAL] }],
    ['a parent that is not a modal origin', { ancestorOrigins: ['http://evil.localhost', HOST] }],
    ['a top page that is not a host origin of the project', { ancestorOrigins: [MODAL, 'http://127.0.0.7'] }],
    ['a page between the modal and an allowed top', { ancestorOrigins: [MODAL, 'http://127.0.0.7', HOST] }],
    ['no config in the page', { configText: null }],
    [
      'a config of another project',
      { configText: serializeKeyFrameConfig({ ...config, projectId: 'other' }) },
    ],
    ['no query', { search: '' }],
  ] as const)('refuses to run with %s, and never handshakes', async (_, change) => {
    const { env, self, parent } = environment(change as Partial<KeyFrameEnvironment>)
    const start = startKeyFrame(env)
    expect(start.started).toBe(false)
    expect(self.listeners.size).toBe(0)
    await expect(sayHello(self, { origin: MODAL, source: parent })).resolves.toBe('no answer')
  })

  it('framed by the host page itself, says that the modal is missing', () => {
    expect(startKeyFrame(environment({ ancestorOrigins: [HOST] }).env)).toEqual({
      started: false,
      reason: 'The key frame is not embedded by the WalletFrame modal.',
    })
  })
})
