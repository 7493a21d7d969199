/**
 * Token figures of the Tokens tab (spec §9): quantities floored to 3 decimals, the USD total with
 * 2 decimals; tokens with decimals 0 are not listed (spec §5).
 */
import { LIMITS, type TokenBalance } from '@walletframe/protocol'
import { floorUnits } from '../../../ui/format/amount.ts'
import { ENGLISH, type Translator } from '../../../ui/i18n/translator.ts'

const DECIMAL = /^(\d+)(?:\.(\d+))?$/

/**
 * Floors a non-negative decimal string ("1100.5678") to `digits` decimals, exactly, grouped in the
 * locale (`format`: the view's translator; English by default).
 */
export function floorDecimalString(
  value: string,
  digits: number,
  format: Pick<Translator, 'decimal'> = ENGLISH,
): string {
  const match = DECIMAL.exec(value.trim())
  if (!match) return '0'
  const [, whole = '0', fraction = ''] = match
  const scaled = BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits))
  return format.decimal(floorUnits(scaled, digits, digits))
}

export function formatTokenQuantity(
  balance: TokenBalance,
  format: Pick<Translator, 'decimal'> = ENGLISH,
): string {
  return floorDecimalString(balance.quantity.numeric, LIMITS.balanceDisplayDecimals, format)
}

export function listedTokens(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances.filter((balance) => balance.quantity.decimals !== '0')
}

/** The total in USD with 2 decimals, e.g. `$1,234.50` (summed in whole cents, so exact). */
export function formatUsdTotal(
  balances: readonly TokenBalance[],
  format: Pick<Translator, 'usd'> = ENGLISH,
): string {
  const cents = listedTokens(balances).reduce((sum, balance) => sum + Math.floor(balance.value * 100), 0)
  return format.usd(floorUnits(BigInt(cents), 2, LIMITS.tokenTotalDecimals))
}
