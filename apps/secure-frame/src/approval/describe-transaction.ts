import type { Network } from '@walletframe/protocol'
import {
  type Address,
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  isAddressEqual,
  maxUint256,
} from 'viem'
import { parseTransactionParams } from '../requests/transaction-params.ts'
import type { MayUpgradeEoa } from './describe-eip7702-upgrade.ts'

export type NativeCurrency = Pick<Network['nativeCurrency'], 'symbol' | 'decimals'>

/** A token the view knows, to show amounts with its decimals and symbol. */
export interface KnownToken {
  address: Address
  symbol: string
  decimals: number
}

/** The network's current fee quote, used for what the dapp did not fix itself. */
export interface FeeQuote {
  gas: bigint
  maxFeePerGas: bigint
}

/** An amount as the view shows it: always raw, and formatted when the unit is known. */
export interface Amount {
  raw: bigint
  /** e.g. "1.5 dUSD"; absent when the token's decimals are unknown. */
  formatted?: string
}

export type TokenCall =
  | { name: 'transfer'; token: Address; to: Address; amount: Amount }
  /** `unlimited`: the maximum uint256, an allowance that never runs out. */
  | { name: 'approve'; token: Address; spender: Address; amount: Amount; unlimited: boolean }

export interface TransactionDescription extends MayUpgradeEoa {
  kind: 'transaction'
  from: Address
  /** Absent for a contract creation. */
  to?: Address
  value: Amount & { formatted: string }
  data?: Hex
  /** The ERC-20 call the data encodes, when its selector is transfer or approve and it decodes. */
  tokenCall?: TokenCall
  /** Most the network fee can be (gas × max fee per gas); absent when neither the dapp nor a quote gives both. */
  maxFee?: Amount & { formatted: string }
}

export interface TransactionContext {
  nativeCurrency: NativeCurrency
  tokens?: readonly KnownToken[]
  feeQuote?: FeeQuote
}

export function describeTransaction(params: unknown, context: TransactionContext): TransactionDescription {
  const request = parseTransactionParams(params)
  const { nativeCurrency } = context
  const value = request.value ?? 0n
  const gas = request.gas ?? context.feeQuote?.gas
  const feePerGas = request.gasPrice ?? request.maxFeePerGas ?? context.feeQuote?.maxFeePerGas
  const tokenCall =
    request.to && request.data ? decodeTokenCall(request.to, request.data, context.tokens ?? []) : undefined
  return {
    kind: 'transaction',
    from: request.from,
    to: request.to,
    value: { raw: value, formatted: formatAmount(value, nativeCurrency) },
    data: request.data,
    tokenCall,
    maxFee:
      gas === undefined || feePerGas === undefined
        ? undefined
        : { raw: gas * feePerGas, formatted: formatAmount(gas * feePerGas, nativeCurrency) },
  }
}

function formatAmount(raw: bigint, unit: { symbol: string; decimals: number }): string {
  return `${formatUnits(raw, unit.decimals)} ${unit.symbol}`
}

/**
 * transfer(address,uint256) and approve(address,uint256). Data whose selector matches but whose
 * arguments do not decode is left undecoded: the view then shows the raw data, not a guess.
 */
function decodeTokenCall(token: Address, data: Hex, tokens: readonly KnownToken[]): TokenCall | undefined {
  let decoded: ReturnType<typeof decodeFunctionData<typeof erc20Abi>>
  try {
    decoded = decodeFunctionData({ abi: erc20Abi, data })
  } catch {
    return undefined
  }
  const known = tokens.find((candidate) => isAddressEqual(candidate.address, token))
  const amountOf = (raw: bigint): Amount => (known ? { raw, formatted: formatAmount(raw, known) } : { raw })
  if (decoded.functionName === 'transfer') {
    const [to, amount] = decoded.args
    return { name: 'transfer', token, to, amount: amountOf(amount) }
  }
  if (decoded.functionName === 'approve') {
    const [spender, amount] = decoded.args
    return { name: 'approve', token, spender, amount: amountOf(amount), unlimited: amount === maxUint256 }
  }
  return undefined
}
