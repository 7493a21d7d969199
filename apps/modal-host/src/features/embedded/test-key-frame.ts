/**
 * Test support (used by co-located `*.test.ts` files only): a fake key frame on a real
 * MessageChannel. It answers the key-frame table (spec §7 "Embedded frame messages") with
 * handlers a test may replace, and records every request.
 */
import {
  createFrameValidator,
  createMessenger,
  FRAME_ERRORS,
  FRAME_METHOD_META,
  FRAME_METHOD_NAMES,
  type FrameChannel,
  type FrameMethodName,
  type FrameParams,
  type FrameResult,
  type HandlerContext,
  WalletFrameError,
} from '@walletframe/protocol'
import type { FrameMessenger } from './key-frame.machine.ts'

export const EMBEDDED_ADDRESS = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
/** The counterfactual smart account the fake's user owns. */
export const SMART_ACCOUNT_ADDRESS = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'

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

/**
 * Gives the fake the smart-account answers of spec §7 (get smart account enabled networks, get user
 * with a preferred type, set preferred account), as a key frame with a bundler for `networks` does.
 */
export function withSmartAccount(fake: FakeKeyFrame, networks: readonly number[] = [31_337]): FakeKeyFrame {
  let preferred: 'eoa' | 'smartAccount' = 'eoa'
  const accounts = [
    { address: EMBEDDED_ADDRESS, type: 'eoa' as const },
    { address: SMART_ACCOUNT_ADDRESS, type: 'smartAccount' as const },
  ]
  const addressOf = (type: typeof preferred) => (type === 'eoa' ? EMBEDDED_ADDRESS : SMART_ACCOUNT_ADDRESS)
  fake.handlers['frame.getSmartAccountEnabledNetworks'] = () => ({
    smartAccountEnabledNetworks: [...networks],
  })
  fake.handlers['frame.getUser'] = ({ chainId = 31_337, preferredAccountType }) => {
    if (preferredAccountType === 'smartAccount' && !networks.includes(chainId))
      throw new WalletFrameError(FRAME_ERRORS.featureNotEnabled)
    preferred = preferredAccountType ?? preferred
    return {
      email: 'ada@example.com',
      address: addressOf(preferred),
      chainId,
      accounts,
      smartAccountDeployed: false,
      preferredAccountType: preferred,
    }
  }
  fake.handlers['frame.setPreferredAccount'] = ({ type }) => {
    preferred = type
    return { type, address: addressOf(type) }
  }
  return fake
}
