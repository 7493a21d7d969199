import type { Transaction, TransactionTransfer } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { nftHoldings } from './nft-holdings.ts'

const nft = (name: string, tokenId: string, direction: 'in' | 'out', spam = false): TransactionTransfer => ({
  nft_info: { name, token_id: tokenId, flags: { is_spam: spam } },
  direction,
  quantity: { numeric: '1' },
})
const tx = (
  id: string,
  minedAt: string,
  transfers: TransactionTransfer[],
  chain = 'eip155:31337',
): Transaction => ({
  id,
  metadata: {
    operationType: 'receive',
    hash: `0x${id}`,
    minedAt,
    sentFrom: '0x1',
    sentTo: '0x2',
    status: 'confirmed',
    nonce: 0,
    chain,
  },
  transfers,
})

describe('nftHoldings', () => {
  it('keeps tokens whose newest transfer came in, hides spam and other chains', () => {
    const held = nftHoldings(
      [
        tx('3', '2026-03-01T00:00:00Z', [nft('Devnet Punks', '3', 'out')]),
        tx('2', '2026-02-01T00:00:00Z', [nft('Devnet Punks', '3', 'in'), nft('Devnet Punks', '1', 'in')]),
        tx('1', '2026-01-01T00:00:00Z', [nft('Claim Rewards', '1', 'in', true)]),
        tx('4', '2026-01-01T00:00:00Z', [nft('Other', '5', 'in')], 'eip155:1'),
      ],
      'eip155:31337',
    )
    expect(held.map((h) => `${h.name} #${h.tokenId}`)).toEqual(['Devnet Punks #1'])
  })

  it('keeps inline artwork only: a remote image URL (a tracker) is dropped', () => {
    const withImage = (name: string, url: string): TransactionTransfer => ({
      ...nft(name, '1', 'in'),
      nft_info: { name, token_id: '1', flags: { is_spam: false }, content: { preview: { url } } },
    })
    const inline = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>'
    const held = nftHoldings(
      [
        tx('1', '2026-01-01T00:00:00Z', [
          withImage('Inline', inline),
          withImage('Remote', 'https://tracker.example/pixel.png'),
          withImage('Metadata', 'data:application/json;base64,e30='),
        ]),
      ],
      'eip155:31337',
    )
    expect(held.map((h) => [h.name, h.imageUrl])).toEqual([
      ['Inline', inline],
      ['Metadata', undefined],
      ['Remote', undefined],
    ])
  })
})
