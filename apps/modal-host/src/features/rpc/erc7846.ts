/**
 * ERC-7846 `wallet_connect` (issue 13): connects (the modal opens when not connected; closing it
 * rejects with 4001) and, with the `signInWithEthereum` capability, has the connected account sign
 * the EIP-4361 message in the same request. The message's domain and URI are the host page's, as
 * pinned at the handshake: a page cannot have a sign-in for another site signed.
 */
import {
  type ConnectResult,
  formatSiwxMessage,
  fromHexChainId,
  MODAL_ERRORS,
  type Network,
  type SignInWithEthereumRequest,
  SignInWithEthereumRequestSchema,
  utf8ToHex,
  WalletConnectParamsSchema,
  type WalletConnectResult,
  WalletFrameError,
} from '@walletframe/protocol'
import type { WalletConnector } from '../core/index.ts'

export interface WalletConnectContext {
  requestConnect(): ConnectResult | Promise<ConnectResult>
  connector(): WalletConnector | undefined
  findNetwork(chainId: number | undefined): Network | undefined
  /** The host page's origin, from the handshake. */
  hostOrigin: string | undefined
  now?: () => number
}

/** The catalogue's error, its message naming what is wrong (details do not cross the channel). */
const invalid = (details: string) => {
  const entry = MODAL_ERRORS.invalidWalletConnect
  return new WalletFrameError({ ...entry, message: `${entry.message}: ${details}` }, { details })
}

/** The sign-in asked for, checked before anything is opened; undefined when none was. */
function signInRequest(
  params: unknown,
  context: WalletConnectContext,
): SignInWithEthereumRequest | undefined {
  const parsed = WalletConnectParamsSchema.safeParse(params)
  if (!parsed.success) throw invalid(parsed.error.issues.map((issue) => issue.message).join('; '))
  const capabilities = parsed.data?.[0]?.capabilities ?? {}
  // ERC-5792: a capability the wallet does not know may be skipped only when marked optional.
  for (const [name, value] of Object.entries(capabilities))
    if (name !== 'signInWithEthereum' && (value as { optional?: unknown } | null)?.optional !== true)
      throw invalid(`unsupported capability ${name}`)
  if (capabilities.signInWithEthereum === undefined) return undefined
  const signIn = SignInWithEthereumRequestSchema.safeParse(capabilities.signInWithEthereum)
  if (!signIn.success)
    throw invalid(
      signIn.error.issues
        .map((issue) => `signInWithEthereum.${issue.path.join('.')} ${issue.message}`)
        .join('; '),
    )
  const chainId = fromHexChainId(signIn.data.chainId)
  if (chainId === undefined || !context.findNetwork(chainId))
    throw invalid(
      `signInWithEthereum.chainId ${String(signIn.data.chainId)} is not one of the dapp's networks`,
    )
  const origin = new URL(context.hostOrigin ?? '')
  if (signIn.data.domain !== undefined && signIn.data.domain !== origin.host)
    throw invalid(`signInWithEthereum.domain must be this page's (${origin.host})`)
  if (signIn.data.uri !== undefined && new URL(signIn.data.uri, origin).origin !== origin.origin)
    throw invalid(`signInWithEthereum.uri must be on this page's origin (${origin.origin})`)
  return signIn.data
}

export async function walletConnectRequest(
  params: unknown,
  context: WalletConnectContext,
  signal?: AbortSignal,
): Promise<WalletConnectResult> {
  const signIn = signInRequest(params, context)
  const { address } = await context.requestConnect()
  const account = { address: address as `0x${string}` }
  if (!signIn) return { accounts: [{ ...account, capabilities: {} }] }
  const origin = new URL(context.hostOrigin ?? '')
  const date = (value: string | undefined) => (value === undefined ? undefined : new Date(value))
  const message = formatSiwxMessage({
    domain: origin.host,
    uri: signIn.uri ?? origin.origin,
    address: account.address,
    chainId: fromHexChainId(signIn.chainId)!,
    nonce: signIn.nonce,
    issuedAt: date(signIn.issuedAt) ?? new Date((context.now ?? Date.now)()),
    expirationTime: date(signIn.expirationTime),
    notBefore: date(signIn.notBefore),
    statement: signIn.statement,
    requestId: signIn.requestId,
    resources: signIn.resources,
  })
  const connector = context.connector()
  if (!connector) throw new WalletFrameError(MODAL_ERRORS.noActiveAddress)
  const signature = (await connector.request('personal_sign', [utf8ToHex(message), account.address], {
    ...(signal ? { signal } : {}),
  })) as `0x${string}`
  return { accounts: [{ ...account, capabilities: { signInWithEthereum: { message, signature } } }] }
}
