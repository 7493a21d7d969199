/**
 * Test helpers for the messenger (used by the co-located `*.test.ts` files only): messengers on real
 * `MessageChannel`s, closed after each test. The host validates with the generated JSON Schemas, the
 * modal with zod, as in production.
 */
import { afterEach, vi } from 'vitest'
import type { WalletFrameError } from '../errors/walletframe-error.ts'
import { createCheckValidator } from '../wire/check-runtime.ts'
import { HOST_CHECKS } from '../wire/host-checks.generated.ts'
import type { WireValidator } from '../wire/validator.ts'
import { createZodValidator } from '../wire/zod-validator.ts'
import { createMessenger, type Side } from './messenger.ts'
import { recordMessages } from './test-support.ts'

const openPorts: MessagePort[] = []

afterEach(() => {
  vi.useRealTimers()
  for (const port of openPorts.splice(0)) port.close()
})

const productionValidator = (side: Side): WireValidator =>
  side === 'parent' ? createCheckValidator(HOST_CHECKS) : createZodValidator()

/**
 * One messenger on port1 of a real MessageChannel; the test plays the other frame on port2 and sees
 * the raw messages.
 */
export function openMessenger<S extends Side>(side: S, validator?: WireValidator) {
  const { port1, port2 } = new MessageChannel()
  openPorts.push(port1, port2)
  const discards: { reason: string; data: unknown }[] = []
  const discarded: ((reason: string) => void)[] = []
  const messenger = createMessenger<S>({
    port: port1,
    side,
    validator: validator ?? productionValidator(side),
    onDiscard: (reason, data) => {
      discards.push({ reason, data })
      for (const resolve of discarded.splice(0)) resolve(reason)
    },
  })
  const peer = recordMessages(port2)
  const send = (message: unknown) => port2.postMessage(message)
  /** Resolves with the reason of the next message the messenger drops. */
  const nextDiscard = () => new Promise<string>((resolve) => discarded.push(resolve))
  return { messenger, port1, port2, peer, send, discards, nextDiscard }
}

/** A host messenger and a modal messenger talking to each other. */
export function openMessengerPair() {
  const { port1, port2 } = new MessageChannel()
  openPorts.push(port1, port2)
  return {
    host: createMessenger<'parent'>({
      port: port1,
      side: 'parent',
      validator: productionValidator('parent'),
    }),
    modal: createMessenger<'child'>({ port: port2, side: 'child', validator: productionValidator('child') }),
  }
}

/** Settles `promise` into a value so a test can inspect a rejection without an unhandled rejection. */
export function settle<T>(
  promise: Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: WalletFrameError }> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: WalletFrameError) => ({ ok: false as const, error }),
  )
}
