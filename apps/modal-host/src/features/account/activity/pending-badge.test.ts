import type { Transaction } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { pendingBadgeLabel, pendingCount } from './pending-badge.ts'

const tx = (id: string, status: Transaction['metadata']['status'], chain = 'eip155:31337'): Transaction => ({
  id,
  metadata: {
    operationType: 'send',
    hash: `0x${id}`,
    minedAt: '2026-11-27T09:00:00Z',
    sentFrom: '0xa',
    sentTo: '0xb',
    status,
    nonce: 0,
    chain,
  },
  transfers: [],
})

describe('pending-transactions badge (spec §9 "Pending transactions limit 99")', () => {
  it('counts the pending transactions of the connected chain only', () => {
    const known = [
      tx('a', 'pending'),
      tx('b', 'confirmed'),
      tx('c', 'failed'),
      tx('d', 'pending', 'eip155:1'),
    ]
    expect(pendingCount(known, 'eip155:31337')).toBe(1)
    expect(pendingCount(known, 'eip155:1')).toBe(1)
  })

  it('shows nothing for none, the count up to 99, then "99+"', () => {
    expect(pendingBadgeLabel(0)).toBeUndefined()
    expect(pendingBadgeLabel(1)).toBe('1')
    expect(pendingBadgeLabel(99)).toBe('99')
    expect(pendingBadgeLabel(100)).toBe('99+')
    expect(pendingBadgeLabel(250)).toBe('99+')
  })
})
