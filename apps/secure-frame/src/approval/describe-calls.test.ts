import { encodeFunctionData, erc20Abi, maxUint256, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { describeCalls } from './describe-calls.ts'

const ACCOUNT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ETH = { nativeCurrency: { symbol: 'ETH', decimals: 18 } }

describe('describeCalls', () => {
  it('decodes each call of a batch as a transaction is: ERC-20 approve and transfer, ETH sent', () => {
    const description = describeCalls(
      {
        from: ACCOUNT,
        accountType: 'smartAccount',
        calls: [
          {
            to: TOKEN,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }),
          },
          {
            to: TOKEN,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, 5n] }),
          },
          { to: SPENDER, value: parseEther('0.5') },
        ],
        deploysAccount: true,
      },
      { ...ETH, tokens: [{ address: TOKEN, symbol: 'dUSD', decimals: 6 }] },
    )
    expect(description).toMatchObject({
      kind: 'calls',
      from: ACCOUNT,
      accountType: 'smartAccount',
      deploysAccount: true,
    })
    expect(description.calls.map((call) => call.tokenCall)).toMatchObject([
      { name: 'approve', spender: SPENDER, unlimited: true },
      { name: 'transfer', to: SPENDER, amount: { raw: 5n, formatted: '0.000005 dUSD' } },
      undefined,
    ])
    expect(description.calls[2]).toMatchObject({ to: SPENDER, value: { formatted: '0.5 ETH' } })
    // The batch's gas is paid once: no call carries a fee of its own.
    expect(description.calls.every((call) => call.maxFee === undefined)).toBe(true)
    expect(description.sponsoredBy).toBeUndefined()
  })

  it('names the paymaster that pays, by its host', () => {
    const description = describeCalls(
      {
        from: ACCOUNT,
        accountType: 'smartAccount',
        calls: [{ to: SPENDER }],
        paymasterUrl: 'https://pm.example:8443/v1/rpc',
      },
      { ...ETH, feeQuote: { gas: 21_000n, maxFeePerGas: 1n } },
    )
    expect(description.sponsoredBy).toBe('pm.example:8443')
    expect(description.calls[0]!.maxFee).toBeUndefined()
  })
})
