/** A page running the SDK against the fake modal, destroyed after each test. */
import { afterEach, expect, vi } from 'vitest'
import type { WalletFrameOptions } from '../src/options.ts'
import { createWalletFrameIn, type WalletFrame } from '../src/wallet-frame.ts'
import { devnet } from './chains.ts'
import { type FakeModal, serveFakeModal } from './fake-modal.ts'
import { createFakeWindow, type FakeFrame, type FakeWindowOptions, MODAL_URL } from './fake-window.ts'

const instances: WalletFrame[] = []
afterEach(() => {
  for (const instance of instances.splice(0)) instance.destroy()
  vi.useRealTimers()
})

/** A page with the SDK; `nextModal()` resolves with the modal of the next frame (re)load. */
export function openPage(
  options: Partial<WalletFrameOptions> = {},
  page: FakeWindowOptions & { answer?: boolean } = {},
) {
  const waiting: ((modal: Promise<FakeModal>) => void)[] = []
  const loaded: Promise<FakeModal>[] = []
  const { win, fake } = createFakeWindow({
    ...page,
    onModalWindow(modalWindow) {
      // No modal page (server down, or the frame refused by frame-ancestors): nothing answers.
      if (page.answer === false) return
      const modal = serveFakeModal(modalWindow, fake)
      const waiter = waiting.shift()
      if (waiter) waiter(modal)
      else loaded.push(modal)
    },
  })
  const wf = createWalletFrameIn(win, {
    projectId: 'walletframe-dev',
    modalUrl: MODAL_URL,
    networks: [devnet],
    ...options,
  })
  instances.push(wf)
  const nextModal = () =>
    loaded.shift() ?? new Promise<FakeModal>((resolve) => waiting.push((m) => resolve(m)))
  const frame = (index = 0) => fake.document.frames[index] as FakeFrame
  /** Resolves once the SDK side holds its messenger (a round trip through the modal). */
  const ready = () => wf.request({ method: 'eth_chainId' })
  return { wf, win, fake, nextModal, frame, ready }
}

/** The error a promise rejects with; fails the test if it resolves. */
export const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('resolved'),
    (error: unknown) => error,
  )
