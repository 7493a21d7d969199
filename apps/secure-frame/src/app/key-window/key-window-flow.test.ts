/**
 * The key window in the key frame's flows (docs/embedded-wallet.md "Key window"): where no passkey
 * with PRF exists, it keeps the device share at setup and hands it back on the Approve after a
 * reload; where it keeps nothing, the recovery code is offered. Real key server, real custody.
 */
import { type Address, verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { TEST_BACKENDS, useKeyServer } from '../../../server/test-support/key-server.ts'
import type { VisibilityGuard } from '../guard/visibility-guard.ts'
import type { ApprovalScreen, SetupScreen } from '../state/screens.ts'
import {
  loginThroughFrame,
  openKeyFrame,
  setUpWallet,
  softwarePasskeys,
} from '../test-support/key-frame-harness.ts'
import { softwareKeyWindows } from '../test-support/software-key-windows.ts'
import type { PasskeyDevice } from '../wallet/passkey-device.ts'

const server = useKeyServer(TEST_BACKENDS[0]!)

const visible: VisibilityGuard = {
  supported: true,
  accepts: () => true,
  judge: () => 'accepted',
  disconnect: () => {},
}
const trusted = { isTrusted: true }
const noPasskeys: PasskeyDevice = { ...softwarePasskeys(), available: false }

type Frame = ReturnType<typeof openKeyFrame>

function next<S extends SetupScreen | ApprovalScreen>(
  frame: Frame,
  test: (screen: S) => boolean,
): Promise<S> {
  return new Promise((resolve) => {
    const check = () => {
      const screen = frame.ctx.view.get().screen as S
      if (screen.kind !== 'setup' && screen.kind !== 'approval') return false
      if (!test(screen)) return false
      resolve(screen)
      return true
    }
    if (check()) return
    const stop = frame.ctx.view.subscribe(() => check() && stop())
  })
}

/** After a reload: the dapp asks for a signature and the user clicks Approve. */
async function signAfterReload(frame: Frame, address: Address) {
  await frame.modal.request('frame.reload', {})
  expect(frame.ctx.vault?.isUnlocked).toBe(false)
  const signing = frame.modal.request('frame.rpcRequest', {
    method: 'personal_sign',
    params: ['Sign in to Demo', address],
  })
  const approval = await frame.screen('approval')
  approval.attachGuard(visible)
  approval.approve(trusted)
  return { signing, approval }
}

describe('the key window', () => {
  it('keeps the device share where no passkey exists and unlocks on the Approve after a reload', async () => {
    const windows = softwareKeyWindows()
    const frame = await setUpWallet(server, noPasskeys, windows)
    expect([windows.opened, windows.stillOpen]).toEqual([1, 0])
    const { signing } = await signAfterReload(frame, frame.address)
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address: frame.address, message: 'Sign in to Demo', signature })).toBe(true)
    expect([windows.opened, windows.stillOpen]).toEqual([2, 0])
  })

  it('offers the recovery code when this browser’s window keeps nothing for the wallet', async () => {
    const frame = await setUpWallet(server, noPasskeys)
    // Site data cleared, or the session cookie reached a browser profile whose window never kept it.
    frame.ctx.openKeyWindow = () => softwareKeyWindows().open()
    const { signing } = await signAfterReload(frame, frame.address)
    const recovery = await next<ApprovalScreen>(frame, (screen) => screen.status === 'recovery')
    expect(recovery.error).toBe('This browser keeps no key for this wallet. Use your recovery code.')
    recovery.useRecoveryCode(frame.recoveryCode, trusted)
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address: frame.address, message: 'Sign in to Demo', signature })).toBe(true)
  })

  it('is offered after a passkey that gives no PRF, keeps the share, and unlocks after a reload', async () => {
    const withoutPrf = softwarePasskeys()
    const prfless: PasskeyDevice = {
      available: true,
      create: withoutPrf.create,
      get: async (options) => ({ ...(await withoutPrf.get(options)), prfOutput: undefined }),
    }
    const windows = softwareKeyWindows()
    const frame = openKeyFrame(server, prfless, windows)
    await loginThroughFrame(server, frame.modal, `prfless-${Date.now()}@example.com`)
    const setup = frame.modal.request('frame.setupWallet', {})
    ;(await frame.screen('setup')).create()
    const offer = await next<SetupScreen>(frame, (screen) => screen.step === 'keyWindow' && !screen.busy)
    offer.keepInKeyWindow()
    const saved = await next<SetupScreen>(frame, (screen) => screen.step === 'saveCode')
    expect(saved.recoveryOnlyNotice).toBeUndefined()
    saved.confirmSaved()
    const { address } = await setup
    expect(windows.opened).toBe(1)
    const { signing } = await signAfterReload(frame, address as Address)
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address: address as Address, message: 'Sign in to Demo', signature })).toBe(
      true,
    )
    expect([windows.opened, windows.stillOpen]).toEqual([2, 0])
  })
})
