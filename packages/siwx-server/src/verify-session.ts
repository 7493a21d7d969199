/**
 * What a dapp's backend calls to learn who signed in (issue 12: "check a session without trusting
 * the browser"): the browser hands over a session id only; the session is read from the WalletFrame
 * API and then checked here again, against the backend's own origin, clock and chain client, so
 * neither the browser nor the API is taken at its word.
 */
import { SIWX_PATHS, type SiwxSession, SiwxSessionSchema } from '@walletframe/protocol'
import type { Address, Hex, PublicClient } from 'viem'
import { checkSiwxDomain, checkSiwxWindow, parseSiwxMessage } from './check-message.ts'
import { SiwxVerificationError } from './errors.ts'
import { verifySiwxSignature } from './verify-signature.ts'

export const SIWX_SERVER_CLIENT = { st: 'siwx-server', sv: '0.1.0' } as const

export interface VerifySiwxSessionOptions {
  /** The WalletFrame data API, e.g. `http://localhost:4100`. */
  apiUrl: string
  projectId: string
  sessionId: string
  /** The dapp's own origin(s): a session signed for another site is refused. */
  origins: readonly string[]
  /** A chain client for the session's chain (the backend's own RPC), to verify the signature. */
  client: (chainId: number) => Pick<PublicClient, 'verifyMessage'> | undefined
  now?: Date
  fetch?: typeof fetch
}

export interface VerifiedSiwxSession {
  address: Address
  chainId: number
  expiresAt: Date
  session: SiwxSession
}

export async function verifySiwxSession(options: VerifySiwxSessionOptions): Promise<VerifiedSiwxSession> {
  const { apiUrl, projectId, sessionId, now = new Date() } = options
  const url = new URL(SIWX_PATHS.session.replace(':id', encodeURIComponent(sessionId)), apiUrl)
  url.search = new URLSearchParams({ projectId, ...SIWX_SERVER_CLIENT }).toString()
  const response = await (options.fetch ?? fetch)(url)
  if (response.status === 404 || response.status === 400)
    throw new SiwxVerificationError('notFound', `no session ${sessionId}`)
  if (!response.ok) throw new Error(`WalletFrame API answered ${response.status} for ${url.pathname}`)
  const session = SiwxSessionSchema.parse(await response.json())
  if (session.status !== 'active')
    throw new SiwxVerificationError('expired', `the session is ${session.status}`)
  const expiresAt = new Date(session.expiresAt)
  if (now.getTime() >= expiresAt.getTime())
    throw new SiwxVerificationError('expired', 'the session has ended')

  const fields = parseSiwxMessage(session.message)
  checkSiwxDomain(fields, options.origins)
  checkSiwxWindow(fields, now)
  const client = options.client(fields.chainId)
  if (!client) throw new SiwxVerificationError('unsupportedChain', `no client for chain ${fields.chainId}`)
  await verifySiwxSignature(client, fields, session.message, session.signature as Hex)
  return { address: fields.address, chainId: fields.chainId, expiresAt, session }
}
