import type { Hex, PublicClient } from 'viem'
import type { SiwxMessageFields } from './check-message.ts'
import { SiwxVerificationError } from './errors.ts'

/**
 * The message's account signed it: an EOA's personal_sign, an ERC-1271 contract wallet (the chain
 * is asked) or an ERC-6492 signature of a smart account not deployed yet. viem's `verifyMessage`
 * tells these apart; a chain that does not answer throws (not a refusal: try again later).
 */
export async function verifySiwxSignature(
  client: Pick<PublicClient, 'verifyMessage'>,
  fields: Pick<SiwxMessageFields, 'address'>,
  message: string,
  signature: Hex,
): Promise<void> {
  const valid = await client.verifyMessage({ address: fields.address, message, signature })
  if (!valid) throw new SiwxVerificationError('badSignature', `not signed by ${fields.address}`)
}
