/**
 * The options of solana_signAndSendTransaction (spec §5 "Solana signAndSend options"), checked the
 * same way by the SDK's Solana provider and by the key frame before it sends. Plain code, no zod:
 * the SDK's Solana entry imports it and counts its bytes.
 */

/** Spec §5: the commitments a preflight may be simulated at (the last five are older names). */
export const SOLANA_PREFLIGHT_COMMITMENTS = [
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
] as const
export type SolanaPreflightCommitment = (typeof SOLANA_PREFLIGHT_COMMITMENTS)[number]

export interface SolanaSendOptions {
  skipPreflight?: boolean
  preflightCommitment?: SolanaPreflightCommitment
  maxRetries?: number
  minContextSlot?: number
}

/**
 * The options as given when they follow spec §5, keeping only its four fields (a Wallet Standard
 * caller may pass others, such as `mode`, which no RPC send takes); a TypeError naming the field
 * otherwise. Undefined stays undefined.
 */
export function parseSolanaSendOptions(value: unknown): SolanaSendOptions | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TypeError('sendOptions must be an object.')
  const { skipPreflight, preflightCommitment, maxRetries, minContextSlot } = value as Record<string, unknown>
  const options: SolanaSendOptions = {}
  if (skipPreflight !== undefined) {
    if (typeof skipPreflight !== 'boolean')
      throw new TypeError('sendOptions.skipPreflight must be a boolean.')
    options.skipPreflight = skipPreflight
  }
  if (preflightCommitment !== undefined) {
    if (!SOLANA_PREFLIGHT_COMMITMENTS.includes(preflightCommitment as SolanaPreflightCommitment))
      throw new TypeError(
        `sendOptions.preflightCommitment must be one of ${SOLANA_PREFLIGHT_COMMITMENTS.join(', ')}.`,
      )
    options.preflightCommitment = preflightCommitment as SolanaPreflightCommitment
  }
  for (const [name, number] of [
    ['maxRetries', maxRetries],
    ['minContextSlot', minContextSlot],
  ] as const) {
    if (number === undefined) continue
    // A count and a slot: whole and not negative, or the RPC would refuse them later and less clearly.
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0)
      throw new TypeError(`sendOptions.${name} must be a whole number, 0 or more.`)
    options[name] = number
  }
  return options
}
