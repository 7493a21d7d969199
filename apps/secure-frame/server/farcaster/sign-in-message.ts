/**
 * Reading a Sign In With Farcaster message (FIP-11): an EIP-4361 message with the statement
 * "Farcaster Auth", chain 10, exactly one `farcaster://fid/N` resource and at most one signer
 * resource (custody only), signed by the address it names. The channel decides the domain, URI and
 * nonce; the IdRegistry check (is the signer custodyOf(N)?) is the caller's.
 */
import { KEY_SERVER_ERRORS, SIWF } from '@walletframe/protocol'
import { type Address, type Hex, isAddressEqual, recoverMessageAddress } from 'viem'
import { createSiweMessage, parseSiweMessage, type SiweMessage, validateSiweMessage } from 'viem/siwe'
import { KeyServerError } from '../errors.ts'

export interface SignInRequest {
  domain: string
  uri: string
  nonce: string
  /** The server's clock: the message's expirationTime and notBefore are checked against it. */
  now: Date
}

export interface SignedInFid {
  fid: number
  /** The address that signed, which the message names: the fid's custody address if all is well. */
  signer: Address
}

const FID_RESOURCE = /^farcaster:\/\/fid\/([1-9][0-9]{0,15})\/?$/

const invalid = (why: string) =>
  new KeyServerError('farcasterMessageInvalid', {
    message: `${KEY_SERVER_ERRORS.farcasterMessageInvalid.message}: ${why}`,
  })

/** The fid of the one fid resource; only a custody signer may be named. */
function fidOf(resources: readonly string[]): number {
  const fids = resources.filter((resource) => resource.startsWith(SIWF.fidResourcePrefix))
  const [fid] = fids.map((resource) => FID_RESOURCE.exec(resource)?.[1])
  if (fids.length !== 1 || fid === undefined) throw invalid('it must name exactly one farcaster://fid/N')
  const signers = resources.filter((resource) => resource.startsWith(SIWF.signerResourcePrefix))
  if (
    signers.length > 1 ||
    signers.some((signer) => signer.replace(/\/$/, '') !== SIWF.custodySignerResource)
  ) {
    throw invalid('only the custody signer is accepted')
  }
  const value = Number(fid)
  if (!Number.isSafeInteger(value)) throw invalid('the fid is out of range')
  return value
}

/**
 * Checks the message against the request and returns the fid it names and the address that signed
 * it; 400 FARCASTER_MESSAGE_INVALID or 401 FARCASTER_SIGNATURE_REFUSED otherwise.
 */
export async function readSignInMessage(
  post: { message: string; signature: string; fid: number },
  request: SignInRequest,
): Promise<SignedInFid> {
  const fields = parseSiweMessage(post.message)
  // What was signed must be exactly the message these fields make: nothing before, after or between.
  let canonical: string | undefined
  try {
    canonical = createSiweMessage(fields as SiweMessage)
  } catch {
    canonical = undefined
  }
  if (canonical !== post.message) throw invalid('it is not an EIP-4361 message')
  if (fields.statement !== SIWF.statement) throw invalid(`the statement must be "${SIWF.statement}"`)
  if (fields.chainId !== SIWF.chainId) throw invalid(`the chain ID must be ${SIWF.chainId}`)
  if (fields.domain !== request.domain) throw invalid('wrong domain')
  if (fields.uri !== request.uri) throw invalid('wrong URI')
  if (fields.nonce !== request.nonce) throw invalid('wrong nonce')
  if (!validateSiweMessage({ message: fields, time: request.now })) {
    throw invalid('it has expired or is not valid yet')
  }
  const fid = fidOf(fields.resources ?? [])
  if (fid !== post.fid) throw invalid('the fid does not match the message')
  const signer = await recoverMessageAddress({
    message: post.message,
    signature: post.signature as Hex,
  }).catch(() => undefined)
  if (!signer || !fields.address || !isAddressEqual(signer, fields.address)) {
    throw new KeyServerError('farcasterSignatureRefused')
  }
  return { fid, signer }
}
