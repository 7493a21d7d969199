import type { TokenBalance } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { checkSolanaSend, toUnits } from './solana-send-rules.ts'

const SOL: TokenBalance = {
  name: 'Solana',
  symbol: 'SOL',
  chainId: 'solana:6jX4iSBKoRoc7Aah7yMRGJjFERgBUtHJ',
  address: 'solana:6jX4iSBKoRoc7Aah7yMRGJjFERgBUtHJ:So11111111111111111111111111111111111111111',
  value: 0,
  price: 0,
  quantity: { decimals: '9', numeric: '2.5' },
  iconUrl: '',
}
const RECEIVER = 'GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp'

describe('the Solana send rules (spec §5)', () => {
  it('converts a decimal amount into the smallest unit, refusing more decimals than the token has', () => {
    expect(toUnits('1.5', 9)).toBe(1_500_000_000n)
    expect(toUnits('.25', 2)).toBe(25n)
    expect(toUnits('3', 0)).toBe(3n)
    expect(toUnits('0.001', 2)).toBeUndefined()
    expect(toUnits('1e3', 9)).toBeUndefined()
    expect(toUnits('-1', 9)).toBeUndefined()
  })

  it('asks for a valid amount and receiver address until both are', () => {
    const check = (amount: string, receiver: string) => checkSolanaSend({ amount, receiver, token: SOL })
    expect(check('', RECEIVER)).toEqual({ problem: 'invalidAmountOrReceiver' })
    expect(check('0', RECEIVER)).toEqual({ problem: 'invalidAmountOrReceiver' })
    expect(check('1', '0x5eD8Cee6b63b1c6AFce3AD7c92f4fD7E1B8fAd9F')).toEqual({
      problem: 'invalidAmountOrReceiver',
    })
    // 0, O, I and l are not base58.
    expect(check('1', 'GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzM0')).toEqual({
      problem: 'invalidAmountOrReceiver',
    })
    expect(check('3', RECEIVER)).toEqual({ problem: 'amountTooLarge' })
    expect(check(' 1.25 ', ` ${RECEIVER} `)).toEqual({ units: 1_250_000_000n, receiver: RECEIVER })
    expect(checkSolanaSend({ amount: '1', receiver: RECEIVER, token: undefined })).toEqual({
      problem: 'token',
    })
  })
})
