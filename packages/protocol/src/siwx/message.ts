/**
 * The sign-in message the modal asks the wallet to sign (spec §3 sign-in message fields, §4 "Wallet
 * sign-in"): EIP-4361 text, the eip155 form of CAIP-122. Written here, not with viem, so the modal
 * does not ship viem for one function; the test holds it to viem's and the `siwe` package's reading.
 */
import { checksumEvmAddress } from '../address/evm-address.ts'

export interface SiwxMessageInput {
  /** The host's authority (`host[:port]`), from the origin seen at the handshake. */
  domain: string
  address: `0x${string}`
  statement?: string | undefined
  /** The host's origin, from the handshake. */
  uri: string
  chainId: number
  /** From `POST /v1/sessions/nonce`, single use. */
  nonce: string
  issuedAt: Date
  expirationTime?: Date | undefined
  notBefore?: Date | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
}

/** EIP-4361's grammar: the statement is one line, with no newline of its own. */
export function formatSiwxMessage(input: SiwxMessageInput): string {
  if (input.statement?.includes('\n')) throw new Error('the sign-in statement must be a single line')
  const lines = [
    `${input.domain} wants you to sign in with your Ethereum account:`,
    checksumEvmAddress(input.address),
    '',
    ...(input.statement ? [input.statement, ''] : ['']),
    `URI: ${input.uri}`,
    'Version: 1',
    `Chain ID: ${input.chainId}`,
    `Nonce: ${input.nonce}`,
    `Issued At: ${input.issuedAt.toISOString()}`,
  ]
  if (input.expirationTime) lines.push(`Expiration Time: ${input.expirationTime.toISOString()}`)
  if (input.notBefore) lines.push(`Not Before: ${input.notBefore.toISOString()}`)
  if (input.requestId) lines.push(`Request ID: ${input.requestId}`)
  if (input.resources?.length) lines.push('Resources:', ...input.resources.map((resource) => `- ${resource}`))
  return lines.join('\n')
}

/** `personal_sign`'s message parameter: the text's UTF-8 bytes as 0x-hex (sign-in and name messages). */
export const utf8ToHex = (text: string): `0x${string}` =>
  `0x${[...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
