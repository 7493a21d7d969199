import { PROVIDER_UNSUPPORTED_METHOD, RPC_INVALID_PARAMS } from '@walletframe/protocol'
import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  maxUint256,
  numberToHex,
  parseEther,
  parseGwei,
  toHex,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { type ApprovalContext, describeRequest } from './describe-request.ts'

const wallet = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const tokenAddress = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const context: ApprovalContext = {
  nativeCurrency: { symbol: 'ETH', decimals: 18 },
  tokens: [{ address: tokenAddress, symbol: 'dUSD', decimals: 6 }],
  chainId: 31_337,
}
const invalidParams = { code: RPC_INVALID_PARAMS.code, reason: RPC_INVALID_PARAMS.reason }

describe('describeRequest: personal_sign', () => {
  it('shows hex that is printable UTF-8 as text, line breaks and emoji included', () => {
    const text = 'Sign in to WalletFrame\nNonce: 42 ✅'
    expect(describeRequest({ method: 'personal_sign', params: [toHex(text), wallet] }, context)).toEqual({
      kind: 'message',
      address: wallet,
      encoding: 'text',
      content: text,
    })
  })

  it('shows plain text as it is', () => {
    expect(describeRequest({ method: 'personal_sign', params: ['hello', wallet] }, context)).toMatchObject({
      encoding: 'text',
      content: 'hello',
    })
  })

  it('shows bytes that are not printable text as hex: binary, invalid UTF-8, bidi tricks', () => {
    for (const raw of ['0x00ff10', '0xc328', toHex('abc\u202Efed'), toHex('bell\u0007'), '0x']) {
      expect(describeRequest({ method: 'personal_sign', params: [raw, wallet] }, context)).toMatchObject({
        encoding: 'hex',
        content: raw,
      })
    }
  })

  it('refuses malformed params', () => {
    expect(() => describeRequest({ method: 'personal_sign', params: [wallet] }, context)).toThrow(
      expect.objectContaining(invalidParams),
    )
  })
})

describe('describeRequest: eth_signTypedData_v4', () => {
  const typedData = {
    types: {
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Order: [
        { name: 'buyer', type: 'Person' },
        { name: 'amounts', type: 'uint256[]' },
        { name: 'active', type: 'bool' },
      ],
    },
    primaryType: 'Order',
    domain: { name: 'Shop', chainId: '0x7a69', verifyingContract: tokenAddress },
    // Keys out of order, an extra key, a hex and a decimal-string integer: shown as the type says.
    message: {
      active: true,
      extra: 'ignored',
      amounts: ['0x10', '25'],
      buyer: { wallet: recipient, name: 'Bob' },
    },
  }

  it('gives the domain, the primary type and the message as a tree in type order', () => {
    const description = describeRequest(
      { method: 'eth_signTypedData_v4', params: [wallet, JSON.stringify(typedData)] },
      context,
    )
    expect(description).toEqual({
      kind: 'typedData',
      address: wallet,
      domain: [
        { key: 'name', type: 'string', value: 'Shop' },
        { key: 'chainId', type: 'uint256', value: '31337' },
        { key: 'verifyingContract', type: 'address', value: tokenAddress },
      ],
      primaryType: 'Order',
      message: [
        {
          key: 'buyer',
          type: 'Person',
          children: [
            { key: 'name', type: 'string', value: 'Bob' },
            { key: 'wallet', type: 'address', value: recipient },
          ],
        },
        {
          key: 'amounts',
          type: 'uint256[]',
          children: [
            { key: '0', type: 'uint256', value: '16' },
            { key: '1', type: 'uint256', value: '25' },
          ],
        },
        { key: 'active', type: 'bool', value: 'true' },
      ],
    })
  })

  it('refuses malformed typed data and a domain for another chain', () => {
    for (const params of [
      [wallet, '{'],
      [wallet, { ...typedData, primaryType: 'Missing' }],
      [wallet, { ...typedData, domain: { ...typedData.domain, chainId: 1 } }],
    ]) {
      expect(() => describeRequest({ method: 'eth_signTypedData_v4', params }, context)).toThrow(
        expect.objectContaining(invalidParams),
      )
    }
  })
})

describe('describeRequest: eth_sendTransaction', () => {
  const send = (transaction: Record<string, unknown>, extra: Partial<ApprovalContext> = {}) => {
    const description = describeRequest(
      { method: 'eth_sendTransaction', params: [transaction] },
      { ...context, ...extra },
    )
    if (description.kind !== 'transaction') throw new Error(`described as ${description.kind}`)
    return description
  }

  it('formats the value with the network’s decimals and symbol, and the fee from the quote', () => {
    const description = send(
      { from: wallet, to: recipient, value: numberToHex(parseEther('1.5')) },
      { feeQuote: { gas: 21_000n, maxFeePerGas: parseGwei('2') } },
    )
    expect(description).toEqual({
      kind: 'transaction',
      from: wallet,
      to: recipient,
      value: { raw: parseEther('1.5'), formatted: '1.5 ETH' },
      data: undefined,
      tokenCall: undefined,
      maxFee: { raw: 42_000_000_000_000n, formatted: '0.000042 ETH' },
    })
  })

  it('prefers the dapp’s own gas and fee, and shows no fee when nothing gives one', () => {
    const fixed = send(
      { from: wallet, to: recipient, gas: numberToHex(30_000), gasPrice: numberToHex(parseGwei('1')) },
      { nativeCurrency: { symbol: 'POL', decimals: 18 }, feeQuote: { gas: 1n, maxFeePerGas: 1n } },
    )
    expect(fixed).toMatchObject({
      value: { raw: 0n, formatted: '0 POL' },
      maxFee: { formatted: '0.00003 POL' },
    })
    expect(send({ from: wallet, to: recipient }).maxFee).toBeUndefined()
  })

  it('decodes an ERC-20 transfer of a known token with its decimals', () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 1_500_000n],
    })
    expect(send({ from: wallet, to: tokenAddress, data }).tokenCall).toEqual({
      name: 'transfer',
      token: getAddress(tokenAddress),
      to: recipient,
      amount: { raw: 1_500_000n, formatted: '1.5 dUSD' },
    })
  })

  it('decodes an approve of an unknown token: raw amount only, unlimited flagged', () => {
    const unknownToken = '0x0000000000000000000000000000000000000bad'
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [recipient, maxUint256] })
    expect(send({ from: wallet, to: unknownToken, data }).tokenCall).toEqual({
      name: 'approve',
      token: getAddress(unknownToken),
      spender: recipient,
      amount: { raw: maxUint256 },
      unlimited: true,
    })
  })

  it('leaves other calls and truncated token calls undecoded, with the raw data shown', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] })
    for (const data of [transfer.slice(0, 40), '0xdeadbeef', '0x']) {
      const description = send({ from: wallet, to: tokenAddress, data })
      expect(description).toMatchObject({ data, tokenCall: undefined })
    }
  })

  it('refuses malformed transactions', () => {
    for (const transaction of [
      { to: recipient },
      { from: wallet, value: '1.5' },
      { from: wallet, to: '0x12' },
    ]) {
      expect(() => send(transaction)).toThrow(expect.objectContaining(invalidParams))
    }
    expect(() => describeRequest({ method: 'eth_sendTransaction', params: 'x' }, context)).toThrow(
      expect.objectContaining(invalidParams),
    )
  })
})

describe('describeRequest: other methods', () => {
  it('has no view for a method that is not an unsafe request it knows', () => {
    expect(() => describeRequest({ method: 'eth_sign', params: [wallet, '0x00'] }, context)).toThrow(
      expect.objectContaining({ code: PROVIDER_UNSUPPORTED_METHOD.code }),
    )
  })
})
