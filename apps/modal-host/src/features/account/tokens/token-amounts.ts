/**
 * Token figures of the Tokens tab (spec §9): quantities floored to 3 decimals, the USD total with
 * 2 decimals; tokens with decimals 0 are not listed (spec §5).
 */
import { LIMITS, type TokenBalance } from '@walletframe/protocol'
import { formatUnitsFloored } from '../../../ui/format/amount.ts'

const DECIMAL = /^(\d+)(?:\.(\d+))?$/

/** Floors a non-negative decimal string ("1100.5678") to `digits` decimals, exactly, with grouping. */
export function floorDecimalString(value: string, digits: number): string {
  const match = DECIMAL.exec(value.trim())
  if (!match) return '0'
  const [, whole = '0', fraction = ''] = match
  const scaled = BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits))
  return formatUnitsFloored(scaled, digits, digits)
}

export function formatTokenQuantity(balance: TokenBalance): string {
  return floorDecimalString(balance.quantity.numeric, LIMITS.balanceDisplayDecimals)
}

export function listedTokens(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances.filter((balance) => balance.quantity.decimals !== '0')
}

/** The total in USD with 2 decimals, e.g. `$1,234.50`. */
export function formatUsdTotal(balances: readonly TokenBalance[]): string {
  const cents = listedTokens(balances).reduce((sum, balance) => sum + Math.floor(balance.value * 100), 0)
  return `$${formatUnitsFloored(BigInt(cents), 2, LIMITS.tokenTotalDecimals)}`
}
