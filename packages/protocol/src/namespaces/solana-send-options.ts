/**
 * Spec §5 "Solana signAndSend options": skipPreflight is a boolean, preflightCommitment one of the
 * listed commitments, maxRetries and minContextSlot numbers. A plain check (no zod) so that the SDK's
 * Solana adapter, the modal and the key frame share it without carrying a schema runtime.
 */
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
export type SolanaCommitment = (typeof SOLANA_PREFLIGHT_COMMITMENTS)[number]

export interface SolanaSendOptions {
  skipPreflight?: boolean
  preflightCommitment?: SolanaCommitment
  maxRetries?: number
  minContextSlot?: number
}

const isCount = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

/** What is wrong with `value` as send options ("maxRetries must be a number"), or undefined when it is fine. */
export function solanaSendOptionsProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'sendOptions must be an object'
  const { skipPreflight, preflightCommitment, maxRetries, minContextSlot, ...rest } = value as Record<
    string,
    unknown
  >
  const unknown = Object.keys(rest)[0]
  if (unknown !== undefined) return `sendOptions.${unknown} is not a Solana send option`
  if (skipPreflight !== undefined && typeof skipPreflight !== 'boolean')
    return 'sendOptions.skipPreflight must be a boolean'
  if (
    preflightCommitment !== undefined &&
    !(SOLANA_PREFLIGHT_COMMITMENTS as readonly unknown[]).includes(preflightCommitment)
  )
    return `sendOptions.preflightCommitment must be one of ${SOLANA_PREFLIGHT_COMMITMENTS.join(', ')}`
  if (maxRetries !== undefined && !isCount(maxRetries)) return 'sendOptions.maxRetries must be a number (≥ 0)'
  if (minContextSlot !== undefined && !isCount(minContextSlot))
    return 'sendOptions.minContextSlot must be a number (≥ 0)'
  return undefined
}
