/**
 * Spec §5 Solana send: a positive amount the token's decimals can carry, at most the balance, and
 * a receiver with the Solana address shape (base58, 32 to 44 characters), else 'Please enter a
 * valid amount and receiver address'; an amount above the balance says so.
 */
import { type SendMessage, SOLANA_ADDRESS_PATTERN, type TokenBalance } from '@walletframe/protocol'

const DECIMAL = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/

/** `amount` (a decimal string) in the token's smallest unit, or undefined when it is no amount. */
export function toUnits(amount: string, decimals: number): bigint | undefined {
  const match = DECIMAL.exec(amount.trim())
  if (!match) return undefined
  const whole = match[1] ?? '0'
  const fraction = match[2] ?? match[3] ?? ''
  if (fraction.length > decimals) return undefined
  return BigInt(whole + fraction.padEnd(decimals, '0'))
}

export type SolanaSendCheck = { units: bigint; receiver: string } | { problem: SendMessage }

export function checkSolanaSend(input: {
  amount: string
  receiver: string
  token: TokenBalance | undefined
}): SolanaSendCheck {
  const { token } = input
  if (!token) return { problem: 'token' }
  const decimals = Number(token.quantity.decimals)
  const units = toUnits(input.amount, decimals)
  const receiver = input.receiver.trim()
  if (units === undefined || units === 0n || !SOLANA_ADDRESS_PATTERN.test(receiver))
    return { problem: 'invalidAmountOrReceiver' }
  const balance = toUnits(token.quantity.numeric, decimals)
  if (balance !== undefined && units > balance) return { problem: 'amountTooLarge' }
  return { units, receiver }
}
