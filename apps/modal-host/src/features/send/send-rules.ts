/**
 * The rules of a send (spec §5 "Sending"): what each kind of send still needs, the insufficient-gas
 * check, the fee in USD, and the transaction the wallet is asked to send. Pure, so the machine and
 * the views share one reading of them.
 */
import { NATIVE_TOKEN_ADDRESS, type SendMessage, type TokenBalance } from '@walletframe/protocol'

/** Gas a transfer uses: exact for the native currency, a typical ceiling for an ERC-20 `transfer`. */
export const TRANSFER_GAS = { native: 21_000n, erc20: 65_000n } as const

export interface SendDraft {
  token?: TokenBalance | undefined
  /** The amount as typed, in whole units ("1.5"). */
  amount: string
  /** The resolved receiver address (typed, or the address of a typed name). */
  receiver?: string | undefined
  /** Per gas unit, in wei. */
  gasPrice?: bigint | undefined
}

/** The token's contract address, or undefined for the chain's native currency. */
export function tokenContract(token: TokenBalance): string | undefined {
  const address = token.address.split(':')[2]?.toLowerCase()
  return !address || address === NATIVE_TOKEN_ADDRESS ? undefined : address
}

export const tokenDecimals = (token: TokenBalance | undefined): number | undefined => {
  const decimals = Number(token?.quantity.decimals)
  return token && Number.isInteger(decimals) && decimals >= 0 && decimals <= 77 ? decimals : undefined
}

const DECIMAL = /^(\d*)(?:\.(\d*))?$/

/** "1.5" with 18 decimals → 1500000000000000000n; undefined when not a number or too precise. */
export function parseUnits(text: string, decimals: number): bigint | undefined {
  const match = DECIMAL.exec(text.trim())
  if (!match || text.trim() === '' || text.trim() === '.') return undefined
  const [, whole = '', fraction = ''] = match
  if (fraction.length > decimals) return undefined
  return BigInt((whole || '0') + fraction.padEnd(decimals, '0'))
}

/** 1500000000000000000n with 18 decimals → "1.5" (exact, no grouping). */
export function formatUnits(value: bigint, decimals: number): string {
  const text = value.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/** The amount in base units, when it is a positive number the token's decimals can hold. */
export function amountUnits(draft: SendDraft): bigint | undefined {
  const decimals = tokenDecimals(draft.token)
  if (decimals === undefined) return undefined
  const units = parseUnits(draft.amount, decimals)
  return units !== undefined && units > 0n ? units : undefined
}

/** The token's balance in base units. */
export function balanceUnits(token: TokenBalance): bigint {
  return parseUnits(token.quantity.numeric, tokenDecimals(token) ?? 0) ?? 0n
}

/**
 * What the send still needs, in the order the form shows it. Spec §5: a native send needs the
 * receiver, the amount, the gas price and the decimals; an ERC-20 send the token address, the
 * amount and the receiver.
 */
export function missingFields(draft: SendDraft): SendMessage[] {
  const { token } = draft
  if (!token) return ['token']
  const missing: SendMessage[] = []
  if (!draft.receiver) missing.push('receiver')
  const units = amountUnits(draft)
  if (units === undefined) missing.push('amount')
  else if (units > balanceUnits(token)) missing.push('amountTooLarge')
  if (tokenContract(token) === undefined) {
    if (draft.gasPrice === undefined) missing.push('gasPrice')
    if (tokenDecimals(token) === undefined) missing.push('decimals')
  }
  return missing
}

/** The fee of the transfer in the native currency's base units, once the gas price is known. */
export function feeUnits(draft: SendDraft): bigint | undefined {
  if (draft.gasPrice === undefined || !draft.token) return undefined
  const gas = tokenContract(draft.token) === undefined ? TRANSFER_GAS.native : TRANSFER_GAS.erc20
  return gas * draft.gasPrice
}

/** A base-unit amount of the native currency in USD, at the native token's price. */
export function usdOf(units: bigint, native: TokenBalance | undefined, decimals: number): number {
  return native ? (Number(units) / 10 ** decimals) * native.price : 0
}

/**
 * Spec §5: gas is insufficient when the network balance in USD is zero, or the gas price in USD
 * exceeds it. Smart accounts skip the check (their gas can be sponsored).
 */
export function insufficientGas(input: {
  networkBalanceUsd: number
  gasPriceUsd: number
  accountType: 'eoa' | 'smartAccount'
}): boolean {
  if (input.accountType === 'smartAccount') return false
  return input.networkBalanceUsd === 0 || input.gasPriceUsd > input.networkBalanceUsd
}

const hex = (value: bigint) => `0x${value.toString(16)}`
const word = (hexDigits: string) => hexDigits.padStart(64, '0')
/** `transfer(address,uint256)`. */
const TRANSFER_SELECTOR = '0xa9059cbb'

export interface SendTransaction {
  from: string
  to: string
  value?: string
  data?: string
}

/** The `eth_sendTransaction` parameters of a complete draft (see missingFields). */
export function transactionOf(
  draft: Required<Pick<SendDraft, 'token' | 'receiver'>> & SendDraft,
  from: string,
) {
  const units = amountUnits(draft) ?? 0n
  const contract = tokenContract(draft.token)
  if (contract === undefined) return { from, to: draft.receiver, value: hex(units) } satisfies SendTransaction
  const data = `${TRANSFER_SELECTOR}${word(draft.receiver.slice(2).toLowerCase())}${word(units.toString(16))}`
  return { from, to: contract, data } satisfies SendTransaction
}
