/**
 * Saying hello to a key frame from any window, and proving without sleeping whether it answered.
 * The hello is the modal's own (packages/protocol/src/channel/handshake.ts): `{ type, versions,
 * init }` with a MessagePort, answered on that port. A marker listener added to the key frame after
 * its boot runs after the frame's own hello listener for the same message (listeners run in the
 * order they were added), and the frame answers within that listener; the marker then goes on the
 * same port (see @walletframe/testing's barrier). Messages on one port arrive in order, so once the
 * sender has the marker, an answer has arrived or never will.
 */
import type { Frame, Page } from '@playwright/test'
import {
  type FrameInit,
  HANDSHAKE,
  type KeyFrameQuery,
  keyFrameUrl,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@walletframe/protocol'
import { BARRIER_KEY } from '@walletframe/testing'
import { testStack } from './test-stack.ts'

const stack = testStack()
const chain = stack.devnet.chains[0]!

export const KEY_FRAME_QUERY: KeyFrameQuery = {
  projectId: stack.projectId,
  chainId: chain.chainId,
  version: '0.1.0',
  logger: false,
}

/** The key frame's own address, as the modal loads it (spec §2). */
export const keyFrameSrc = () => keyFrameUrl(stack.keyFrame.origin, KEY_FRAME_QUERY)

/** A valid init for the dev project, as the modal sends it. */
export const KEY_FRAME_INIT: FrameInit = {
  projectId: stack.projectId,
  chainId: chain.chainId,
  networks: [
    {
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: chain.rpcUrl,
    },
  ],
  themeMode: 'dark',
  themeVariables: {},
}

/** In the key frame, after its boot: puts a marker on the port of every hello it receives. */
export async function markHellos(key: Frame | Page) {
  await key.evaluate(
    ({ helloType, marker }) => {
      addEventListener('message', (event) => {
        if ((event.data as { type?: unknown } | null)?.type !== helloType) return
        event.ports[0]?.postMessage({ [marker]: 'hello handled' })
      })
    },
    { helloType: HANDSHAKE.helloType, marker: BARRIER_KEY },
  )
}

/**
 * From `sender`, posts a hello with a fresh port to the window reached by `path` from the sender's
 * window, and returns what came back on the port before the marker (markHellos must run first).
 * Steps: `..` the parent, `iframe…` a selector of an iframe in the sender's own document,
 * `window.x` a window the sender keeps in a global (a popup), else a child frame's name. A key
 * frame that accepts answers HANDSHAKE.readyType.
 */
export function helloAnswers(sender: Frame | Page, path: readonly string[]): Promise<string[]> {
  return sender.evaluate(
    ({ path, hello, marker }) => {
      let target: Window = window
      const windows = window as unknown as Record<string, Window>
      for (const step of path) {
        const next =
          step === '..'
            ? target.parent
            : step.startsWith('iframe')
              ? document.querySelector<HTMLIFrameElement>(step)?.contentWindow
              : step.startsWith('window.')
                ? windows[step.slice('window.'.length)]
                : (target.frames as unknown as Record<string, Window>)[step]
        if (!next) throw new Error(`no window ${step} on the way to the key frame`)
        target = next
      }
      const { port1, port2 } = new MessageChannel()
      const answers: string[] = []
      return new Promise<string[]>((resolve) => {
        port1.onmessage = (event) => {
          const data = event.data as Record<string, unknown> | null
          if (data?.[marker] !== undefined) resolve(answers)
          else answers.push(typeof data?.type === 'string' ? data.type : JSON.stringify(data))
        }
        target.postMessage(hello, '*', [port2])
      })
    },
    {
      path,
      hello: { type: HANDSHAKE.helloType, versions: [...SUPPORTED_PROTOCOL_VERSIONS], init: KEY_FRAME_INIT },
      marker: BARRIER_KEY,
    },
  )
}

/** Adds an iframe named `name` with `src` to the document of `parent`; resolves once it has loaded. */
export async function addFrame(parent: Frame, name: string, src: string): Promise<Frame> {
  await parent.evaluate(
    ({ name, src }) =>
      new Promise<void>((resolve) => {
        const iframe = document.createElement('iframe')
        iframe.name = name
        if (src === 'about:srcdoc') iframe.srcdoc = '<!doctype html><title>sibling</title>'
        else iframe.src = src
        iframe.addEventListener('load', () => resolve(), { once: true })
        document.body.append(iframe)
      }),
    { name, src },
  )
  return parent.childFrames().find((frame) => frame.name() === name)!
}
