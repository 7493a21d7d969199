/**
 * Test support (used by co-located `*.test.ts` files only): a fake key frame on a real
 * MessageChannel. It answers the key-frame table (spec §7 "Embedded frame messages") with
 * handlers a test may replace, and records every request.
 */
import {
  createFrameValidator,
  createMessenger,
  FRAME_METHOD_META,
  FRAME_METHOD_NAMES,
  type FrameChannel,
  type FrameMethodName,
  type FrameParams,
  type FrameResult,
  type HandlerContext,
} from '@walletframe/protocol'
import type { FrameMessenger } from './key-frame.machine.ts'

export const EMBEDDED_ADDRESS = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'

type Handler<M extends FrameMethodName> = (
  params: FrameParams<M>,
  context: HandlerContext,
) => FrameResult<M> | Promise<FrameResult<M>>

export interface FakeKeyFrame {
  connect(): Promise<FrameMessenger>
  handlers: { [M in FrameMethodName]?: Handler<M> }
  calls: { method: FrameMethodName; params: unknown }[]
  signedIn: boolean
  close(): void
}

export function createFakeKeyFrame(): FakeKeyFrame {
  const { port1, port2 } = new MessageChannel()
  const table = FRAME_METHOD_META
  const modal = createMessenger<'parent', FrameChannel>({
    port: port1,
    side: 'parent',
    validator: createFrameValidator(),
    table,
  })
  const keyFrame = createMessenger<'child', FrameChannel>({
    port: port2,
    side: 'child',
    validator: createFrameValidator(),
    table,
  })
  const user = () => ({
    email: 'ada@example.com',
    address: EMBEDDED_ADDRESS,
    chainId: 31_337,
    accounts: [],
    smartAccountDeployed: false,
    preferredAccountType: 'eoa' as const,
  })
  const fake: FakeKeyFrame = {
    connect: async () => modal,
    calls: [],
    signedIn: false,
    handlers: {
      'frame.isConnected': () => ({ isConnected: fake.signedIn }),
      'frame.getUser': () => user(),
      'frame.connectEmail': () => ({ action: 'VERIFY_OTP' }),
      'frame.connectOtp': () => {
        fake.signedIn = true
        return { needsSetup: false }
      },
      'frame.signOut': () => {
        fake.signedIn = false
        return null
      },
      'frame.syncTheme': () => null,
      'frame.syncDappData': () => null,
      'frame.switchNetwork': () => null,
    },
    close() {
      modal.destroy()
      keyFrame.destroy()
    },
  }
  for (const method of FRAME_METHOD_NAMES)
    keyFrame.handle(method, (params, context) => {
      fake.calls.push({ method, params })
      const handler = fake.handlers[method] as Handler<typeof method> | undefined
      if (!handler) throw new Error(`the fake key frame does not answer ${method}`)
      return handler(params as never, context)
    })
  return fake
}
