/**
 * The approval flow with a real KeyVault: Approve signs (unlocking by passkey or recovery code
 * after a reload), Reject answers 4001, a click the guard refuses is ignored, a cancel closes.
 */
import { PROVIDER_ERRORS } from '@walletframe/protocol'
import { type Address, verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { TEST_BACKENDS, useKeyServer } from '../../../server/test-support/key-server.ts'
import type { VisibilityGuard } from '../guard/visibility-guard.ts'
import {
  type openKeyFrame,
  setUpWallet,
  trustedClick,
  visibleLongEnough,
} from '../test-support/key-frame-harness.ts'
import { NOT_VISIBLE_NOTICE, VISIBILITY_UNSUPPORTED_NOTICE } from './approval-session.ts'

const server = useKeyServer(TEST_BACKENDS[0]!)

const neverVisible: VisibilityGuard = {
  supported: true,
  accepts: () => false,
  judge: () => 'hidden',
  disconnect: () => {},
}
const trusted = trustedClick

function personalSign(frame: ReturnType<typeof openKeyFrame>, address: Address, signal?: AbortSignal) {
  return frame.modal.request(
    'frame.rpcRequest',
    { method: 'personal_sign', params: ['Sign in to Demo', address] },
    signal ? { signal } : {},
  )
}

describe('the approval', () => {
  it('shows the message and signs it on Approve', async () => {
    const frame = await setUpWallet(server)
    const signing = personalSign(frame, frame.address)
    const screen = await frame.screen('approval')
    expect(screen.description).toMatchObject({
      kind: 'message',
      encoding: 'text',
      content: 'Sign in to Demo',
    })
    screen.attachGuard(visibleLongEnough)
    screen.approve(trusted)
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address: frame.address, message: 'Sign in to Demo', signature })).toBe(true)
    expect(frame.ctx.view.get().screen.kind).toBe('idle')
  })

  it('answers Reject with the user-rejected error (4001)', async () => {
    const frame = await setUpWallet(server)
    const signing = personalSign(frame, frame.address)
    ;(await frame.screen('approval')).reject()
    await expect(signing).rejects.toMatchObject({ code: 4001, reason: PROVIDER_ERRORS.userRejected.reason })
  })

  it('ignores a click the guard refuses, and says why', async () => {
    const frame = await setUpWallet(server)
    const signing = personalSign(frame, frame.address)
    const screen = await frame.screen('approval')
    screen.attachGuard(neverVisible)
    screen.approve(trusted)
    const after = await frame.screen('approval')
    expect(after).toMatchObject({ status: 'ready', notice: NOT_VISIBLE_NOTICE })
    after.attachGuard(visibleLongEnough)
    after.approve({ isTrusted: false })
    expect(frame.ctx.view.get().screen).toMatchObject({ kind: 'approval', status: 'ready' })
    after.reject()
    await expect(signing).rejects.toMatchObject({ code: 4001 })
  })

  it('disables Approve where the visibility cannot be checked', async () => {
    const frame = await setUpWallet(server)
    const signing = personalSign(frame, frame.address)
    const screen = await frame.screen('approval')
    screen.attachGuard({
      supported: false,
      accepts: () => false,
      judge: () => 'hidden',
      disconnect: () => {},
    })
    expect(frame.ctx.view.get().screen).toMatchObject({
      visibilityUnsupported: true,
      notice: VISIBILITY_UNSUPPORTED_NOTICE,
    })
    screen.reject()
    await expect(signing).rejects.toMatchObject({ code: 4001 })
  })

  it('closes at once when the modal cancels the request', async () => {
    const frame = await setUpWallet(server)
    const controller = new AbortController()
    const signing = personalSign(frame, frame.address, controller.signal)
    await frame.screen('approval')
    controller.abort()
    await expect(signing).rejects.toBeDefined()
    await frame.screen('idle')
  })

  it('unlocks with the passkey on the same Approve after a reload', async () => {
    const frame = await setUpWallet(server)
    await frame.modal.request('frame.reload', {})
    expect(frame.ctx.vault?.isUnlocked).toBe(false)
    const signing = personalSign(frame, frame.address)
    const screen = await frame.screen('approval')
    screen.attachGuard(visibleLongEnough)
    screen.approve(trusted)
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address: frame.address, message: 'Sign in to Demo', signature })).toBe(true)
    expect(frame.ctx.vault?.isUnlocked).toBe(true)
  })

  it('refuses a request for another account before any view opens', async () => {
    const frame = await setUpWallet(server)
    await expect(personalSign(frame, '0x000000000000000000000000000000000000dEaD')).rejects.toMatchObject({
      code: 4100,
    })
    expect(frame.ctx.view.get().screen.kind).toBe('idle')
  })
})
