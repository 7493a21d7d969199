/**
 * A test Farcaster client: it plays the phone of Sign In With Farcaster (FIP-11) against the key
 * server's relay (docs/farcaster.md). Given the `farcaster://connect?…` link the key frame shows, it
 * builds the EIP-4361 message a Farcaster client builds (statement "Farcaster Auth", chain 10, the
 * `farcaster://fid/N` resource), signs it with the fid's custody key and posts it to the channel
 * with the channel token as bearer token, as Farcaster clients post to their relay.
 *
 * Test fids and their custody keys: `farcasterTestAccounts()` of @walletframe/devnet.
 */
import {
  type FarcasterAuthenticateRequest,
  type FarcasterChannelResponse,
  KEY_SERVER_PATHS,
  SIWF,
} from '@walletframe/protocol'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'

/** The query of the sign-in link (AuthKit's `parseSignInURI`). */
export interface SignInLink {
  channelToken: string
  nonce: string
  siweUri: string
  domain: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
}

/** Reads the link as a Farcaster client does; throws when a required parameter is missing. */
export function parseSignInLink(url: string): SignInLink {
  const parsed = new URL(url)
  if (`${parsed.protocol}//${parsed.host}` !== SIWF.connectUrl)
    throw new Error(`not a ${SIWF.connectUrl} link`)
  const query = Object.fromEntries(parsed.searchParams)
  const { channelToken, nonce, siweUri, domain, notBefore, expirationTime, requestId } = query
  if (!channelToken || !nonce || !siweUri || !domain) {
    throw new Error('the link needs channelToken, nonce, siweUri and domain')
  }
  return {
    channelToken,
    nonce,
    siweUri,
    domain,
    ...(notBefore ? { notBefore } : {}),
    ...(expirationTime ? { expirationTime } : {}),
    ...(requestId ? { requestId } : {}),
  }
}

/** The phone's account: what it signs in as, and the key it signs with. */
export interface FarcasterPhoneAccount {
  fid: bigint | number
  username?: string
  displayName?: string
  custody: { privateKey: Hex }
}

export interface SignInOptions {
  /** "Issued At" and the default clock; the key server's tests run on a clock of their own. */
  now?: Date
  /** Signs with this key instead of the custody key (a wrong signer). */
  signWith?: Hex
  /** Fields of the message to make wrong on purpose (domain, nonce, resources, …). */
  message?: Partial<SiweMessage>
  /** Posts another fid than the message names. */
  fid?: number
}

/** The relay body for the link: the message a Farcaster client builds, signed. */
export async function signSignIn(
  link: SignInLink,
  account: FarcasterPhoneAccount,
  options: SignInOptions = {},
): Promise<FarcasterAuthenticateRequest> {
  const signer = privateKeyToAccount(options.signWith ?? account.custody.privateKey)
  const custody = privateKeyToAccount(account.custody.privateKey)
  const fid = Number(account.fid)
  const message = createSiweMessage({
    domain: link.domain,
    address: custody.address,
    statement: SIWF.statement,
    uri: link.siweUri,
    version: '1',
    chainId: SIWF.chainId,
    nonce: link.nonce,
    issuedAt: options.now ?? new Date(),
    ...(link.notBefore ? { notBefore: new Date(link.notBefore) } : {}),
    ...(link.expirationTime ? { expirationTime: new Date(link.expirationTime) } : {}),
    ...(link.requestId ? { requestId: link.requestId } : {}),
    resources: [`${SIWF.fidResourcePrefix}${fid}`, SIWF.custodySignerResource],
    ...options.message,
  })
  return {
    message,
    signature: await signer.signMessage({ message }),
    fid: options.fid ?? fid,
    ...(account.username ? { username: account.username } : {}),
    ...(account.displayName ? { displayName: account.displayName } : {}),
  }
}

/** How the phone reaches the relay: by default `fetch` to the origin of the link's siweUri. */
export type RelaySend = (
  path: string,
  init: { headers: Record<string, string>; body: string },
) => Promise<{ status: number; body: unknown }>

export const fetchRelay =
  (base: string): RelaySend =>
  async (path, init) => {
    const response = await fetch(new URL(path, base), { method: 'POST', ...init })
    return { status: response.status, body: await response.json().catch(() => undefined) }
  }

/** Posts a signed body to the link's channel. */
export function postSignIn(
  link: SignInLink,
  body: FarcasterAuthenticateRequest,
  send: RelaySend = fetchRelay(new URL(link.siweUri).origin),
): Promise<{ status: number; body: unknown }> {
  return send(KEY_SERVER_PATHS.farcasterAuthenticate, {
    headers: { authorization: `Bearer ${link.channelToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/**
 * Scans the link, signs in as `account` and posts to the relay: what a user does with their phone.
 * Resolves with the relay's answer (201 `{state: 'completed', fid, custody}` when accepted).
 */
export async function signInWithFarcaster(
  url: string | Pick<FarcasterChannelResponse, 'url'>,
  account: FarcasterPhoneAccount,
  options: SignInOptions & { send?: RelaySend } = {},
): Promise<{ status: number; body: unknown }> {
  const link = parseSignInLink(typeof url === 'string' ? url : url.url)
  return postSignIn(link, await signSignIn(link, account, options), options.send)
}
