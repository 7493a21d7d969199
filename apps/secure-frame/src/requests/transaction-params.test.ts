import { RPC_INVALID_PARAMS, WalletFrameError, walkError } from '@walletframe/protocol'
import { IntegerOutOfRangeError, maxUint256, SizeOverflowError } from 'viem'
import { describe, expect, it } from 'vitest'
import { parseTransactionParams } from './transaction-params.ts'

const FROM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const parse = (fields: Record<string, unknown>) => () => parseTransactionParams([{ from: FROM, ...fields }])

/** The error thrown, checked to be invalid params, and the viem error that caused it. */
function causeOf(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(WalletFrameError)
    expect(error).toMatchObject({ code: RPC_INVALID_PARAMS.code })
    return walkError(error)
  }
  throw new Error('expected the transaction to be refused')
}

describe('eth_sendTransaction quantities: spec §8 numeric helper errors, as viem raises them', () => {
  it('takes a quantity up to 32 bytes, leading zeros included', () => {
    expect(parseTransactionParams([{ from: FROM, value: `0x${maxUint256.toString(16)}` }]).value).toBe(
      maxUint256,
    )
    expect(parseTransactionParams([{ from: FROM, gas: '0x005208' }]).gas).toBe(21_000n)
  })

  it.each(['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'])(
    "refuses a %s wider than 32 bytes: 'Size cannot exceed 32 bytes'",
    (field) => {
      const cause = causeOf(parse({ [field]: `0x1${'0'.repeat(64)}` }))
      expect(cause).toBeInstanceOf(SizeOverflowError)
      expect((cause as SizeOverflowError).shortMessage).toMatch(/^Size cannot exceed 32 bytes/)
    },
  )

  it.each(['nonce', 'chainId'])(
    "refuses a %s out of the safe integer range: 'not in safe integer range'",
    (field) => {
      const cause = causeOf(parse({ [field]: `0x${(2n ** 53n).toString(16)}` }))
      expect(cause).toBeInstanceOf(IntegerOutOfRangeError)
      expect((cause as IntegerOutOfRangeError).shortMessage).toMatch(/is not in safe integer range/)
    },
  )

  it('takes the largest safe nonce and chain id as numbers', () => {
    const max = `0x${Number.MAX_SAFE_INTEGER.toString(16)}`
    expect(parseTransactionParams([{ from: FROM, nonce: max, chainId: max }])).toMatchObject({
      nonce: Number.MAX_SAFE_INTEGER,
      chainId: Number.MAX_SAFE_INTEGER,
    })
  })
})
