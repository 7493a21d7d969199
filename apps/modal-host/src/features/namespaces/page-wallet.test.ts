import { describe, expect, it } from 'vitest'
import { bitcoinAccount, solanaAccount } from './page-wallet.ts'

const PUBKEY = 'GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp'

describe('what a page wallet of another namespace answers to connect (issue 10: its word is checked)', () => {
  it('takes the first Solana account when it is a base58 public key, else refuses', () => {
    expect(solanaAccount([{ pubkey: PUBKEY }, { pubkey: 'other' }])).toEqual({ address: PUBKEY })
    // No account (a silent connect the wallet declined) is said as such, not as a bad address.
    expect(() => solanaAccount([])).toThrow(expect.objectContaining({ reason: 'WalletNoAccount' }))
    for (const answer of [[{ pubkey: '0x5eD8Cee6b63b1c6AFce3AD7c92f4fD7E1B8fAd9F' }], [PUBKEY], null])
      expect(() => solanaAccount(answer)).toThrow(expect.objectContaining({ reason: 'WalletBadAddress' }))
  })

  it('shows a Bitcoin account by its payment address and keeps every address with its purpose', () => {
    const addresses = [
      { address: 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', purpose: 'ordinals' },
      { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', purpose: 'payment', publicKey: '02ab' },
    ]
    expect(bitcoinAccount(addresses)).toEqual({
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      addresses: [
        { address: addresses[0]!.address, purpose: 'ordinals' },
        { address: addresses[1]!.address, purpose: 'payment' },
      ],
    })
    expect(() => bitcoinAccount([])).toThrow(expect.objectContaining({ reason: 'WalletNoAccount' }))
    expect(() => bitcoinAccount([{ address: 'bc1q <script>', purpose: 'payment' }])).toThrow(
      expect.objectContaining({ reason: 'WalletBadAddress' }),
    )
  })
})
