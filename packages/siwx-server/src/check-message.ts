/**
 * The checks of an EIP-4361 sign-in message that need no chain (spec §3 sign-in message fields, §4
 * "Wallet sign-in"): shape, domain, validity window. The data API runs them before it verifies the
 * signature, and a dapp backend runs them again on a session it reads back.
 */
import { SIWX_LIMITS } from '@walletframe/protocol'
import { type Address, isAddress } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { SiwxVerificationError } from './errors.ts'

export interface SiwxMessageFields {
  address: Address
  chainId: number
  domain: string
  uri: string
  nonce: string
  issuedAt: Date
  expirationTime: Date | undefined
  notBefore: Date | undefined
  statement: string | undefined
  requestId: string | undefined
  resources: string[] | undefined
}

const NONCE = /^[A-Za-z0-9]{8,}$/

const validDate = (date: Date | undefined, field: string): Date | undefined => {
  if (date !== undefined && Number.isNaN(date.getTime()))
    throw new SiwxVerificationError('invalidMessage', `${field} is not an RFC 3339 date-time`)
  return date
}

/** Parses the message and checks every field that must be present and well-formed. */
export function parseSiwxMessage(message: string): SiwxMessageFields {
  const fields = parseSiweMessage(message)
  const missing = (['address', 'chainId', 'domain', 'uri', 'nonce', 'version', 'issuedAt'] as const).find(
    (field) => fields[field] === undefined,
  )
  if (missing) throw new SiwxVerificationError('invalidMessage', `${missing} is missing`)
  const { address, chainId, domain, uri, nonce, version } = fields
  if (!address || !isAddress(address, { strict: false }))
    throw new SiwxVerificationError('invalidMessage', 'address is not an EVM address')
  if (!Number.isSafeInteger(chainId) || (chainId as number) < 1)
    throw new SiwxVerificationError('invalidMessage', 'chainId is not a positive integer')
  if (version !== '1') throw new SiwxVerificationError('invalidMessage', 'version must be 1')
  if (!NONCE.test(nonce as string))
    throw new SiwxVerificationError('invalidMessage', 'nonce must be 8 or more letters and digits')
  return {
    address,
    chainId: chainId as number,
    domain: domain as string,
    uri: uri as string,
    nonce: nonce as string,
    issuedAt: validDate(fields.issuedAt, 'issuedAt') as Date,
    expirationTime: validDate(fields.expirationTime, 'expirationTime'),
    notBefore: validDate(fields.notBefore, 'notBefore'),
    statement: fields.statement,
    requestId: fields.requestId,
    resources: fields.resources,
  }
}

/**
 * The message was made for one of `allowedOrigins`: its uri's origin is one of them and its domain
 * is that uri's host (EIP-4361: the domain is the authority asking for the sign-in).
 */
export function checkSiwxDomain(fields: SiwxMessageFields, allowedOrigins: readonly string[]): void {
  let url: URL
  try {
    url = new URL(fields.uri)
  } catch {
    throw new SiwxVerificationError('invalidMessage', 'uri is not a URL')
  }
  if (!allowedOrigins.includes(url.origin))
    throw new SiwxVerificationError('wrongDomain', `${url.origin} is not an allowed origin`)
  if (fields.domain !== url.host)
    throw new SiwxVerificationError('wrongDomain', `domain ${fields.domain} is not the uri's host`)
}

/** Valid at `now`: not expired, past notBefore, and not issued in the future (beyond clock skew). */
export function checkSiwxWindow(fields: SiwxMessageFields, now: Date): void {
  if (fields.expirationTime && now.getTime() >= fields.expirationTime.getTime())
    throw new SiwxVerificationError('expired', `at ${fields.expirationTime.toISOString()}`)
  if (fields.notBefore && now.getTime() < fields.notBefore.getTime())
    throw new SiwxVerificationError('notYetValid', `not before ${fields.notBefore.toISOString()}`)
  if (fields.issuedAt.getTime() > now.getTime() + SIWX_LIMITS.clockSkewMs)
    throw new SiwxVerificationError('notYetValid', `issued at ${fields.issuedAt.toISOString()}`)
}
