import type { Transaction } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { groupTransactions, isSpamOnly, mergeTransactions } from './transaction-groups.ts'

const tx = (id: string, minedAt: string, over: Partial<Transaction> = {}): Transaction => ({
  id,
  metadata: {
    operationType: 'send',
    hash: `0x${id}`,
    minedAt,
    sentFrom: '0xa',
    sentTo: '0xb',
    status: 'confirmed',
    nonce: 0,
    chain: 'eip155:31337',
  },
  transfers: [
    { direction: 'out', quantity: { numeric: '1' }, fungible_info: { name: 'Ether', symbol: 'ETH' } },
  ],
  ...over,
})
const spamNft = {
  direction: 'in' as const,
  quantity: { numeric: '1' },
  nft_info: { name: 'Claim', token_id: '1', flags: { is_spam: true } },
}

describe('Activity grouping (spec §4 Transaction list)', () => {
  it('groups by year then month, newest first within a month', () => {
    const groups = groupTransactions(
      [
        tx('a', '2025-12-03T10:00:00Z'),
        tx('b', '2026-11-02T10:00:00Z'),
        tx('c', '2026-11-20T10:00:00Z'),
        tx('d', '2026-10-01T00:00:00Z'),
      ],
      'eip155:31337',
    )
    expect(
      groups.map((y) => [y.year, y.months.map((m) => [m.key, m.transactions.map((t) => t.id)])]),
    ).toEqual([
      [
        2026,
        [
          ['2026-11', ['c', 'b']],
          ['2026-10', ['d']],
        ],
      ],
      [2025, [['2025-12', ['a']]]],
    ])
  })
  it('shows only the connected chain', () => {
    const other = tx('x', '2026-11-01T00:00:00Z')
    other.metadata.chain = 'eip155:31338'
    expect(
      groupTransactions(
        [other, tx('y', '2026-11-01T00:00:00Z')],
        'eip155:31337',
      )[0]!.months[0]!.transactions.map((t) => t.id),
    ).toEqual(['y'])
  })
  it('hides a transaction whose transfers are all spam NFTs, not one with a real transfer too', () => {
    const spam = tx('s', '2026-11-01T00:00:00Z', { transfers: [spamNft] })
    const mixed = tx('m', '2026-11-02T00:00:00Z', { transfers: [spamNft, tx('z', '').transfers[0]!] })
    expect(isSpamOnly(spam)).toBe(true)
    expect(isSpamOnly(mixed)).toBe(false)
    expect(
      groupTransactions([spam, mixed], 'eip155:31337').flatMap((y) =>
        y.months.flatMap((m) => m.transactions.map((t) => t.id)),
      ),
    ).toEqual(['m'])
  })
  it('a repeated id replaces the earlier entry', () => {
    const pending = tx('p', '2026-11-01T00:00:00Z')
    pending.metadata.status = 'pending'
    const confirmed = tx('p', '2026-11-01T00:00:00Z')
    const merged = mergeTransactions([pending, tx('q', '2026-10-01T00:00:00Z')], [confirmed])
    expect(merged).toHaveLength(2)
    expect(merged.find((t) => t.id === 'p')!.metadata.status).toBe('confirmed')
  })
})
