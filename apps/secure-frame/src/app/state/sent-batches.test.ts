import { WALLET_CALL_ERRORS } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { createSentBatches } from './sent-batches.ts'

const HASH = `0x${'ab'.repeat(32)}` as const

describe('the batches sent from this page', () => {
  it('keeps each batch under the id wallet_sendCalls answered', () => {
    const batches = createSentBatches()
    expect(batches.has('order-1')).toBe(false)
    const batch = {
      version: '2.0.0',
      chainId: 31_337,
      atomic: true,
      sent: { kind: 'userOperation', hash: HASH },
    } as const
    batches.add('order-1', batch)
    expect(batches.has('order-1')).toBe(true)
    expect(batches.get('order-1')).toBe(batch)
  })

  it('answers 5730 (unknown bundle id) for an id it did not answer', () => {
    expect(() => createSentBatches().get('order-2')).toThrow(
      expect.objectContaining({
        code: 5730,
        reason: WALLET_CALL_ERRORS.unknownBundle.reason,
        message: `${WALLET_CALL_ERRORS.unknownBundle.message}: order-2.`,
      }),
    )
  })
})
