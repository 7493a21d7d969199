/**
 * The modal ↔ key-frame channel's method table (spec §7 "Embedded frame messages"): one request per
 * row of the spec's table, so each app event's success or error event is the request's answer.
 * The modal made the key frame's iframe, so it is the parent: it sends `toChild`. Plain data, like
 * METHOD_META; `frame-methods.ts` holds the zod shapes and a test keeps both in step.
 */
import {
  HTTP_TIMEOUT_MS,
  MAX_PROJECT_ID_LENGTH,
  NESTED_DEADLINE_MARGIN_MS,
  TIME,
  USER_ACTION_TIMEOUT_MS,
} from '../constants.ts'
import type { MethodMeta } from '../methods-meta.ts'

/** Auth steps time out after 30 s and then show the socials-timeout alert (spec §8, §9). */
const authStep = { direction: 'toChild', kind: 'request', timeoutMs: TIME.authStepTimeoutMs } as const
const quick = { direction: 'toChild', kind: 'request', timeoutMs: HTTP_TIMEOUT_MS } as const
/**
 * Steps that wait on the user inside the key frame (approval, wallet setup). They run inside an
 * SDK request (rpc.request, wallet.connect), so their deadline is shorter than that one's.
 */
const userStep = {
  direction: 'toChild',
  kind: 'request',
  timeoutMs: USER_ACTION_TIMEOUT_MS - NESTED_DEADLINE_MARGIN_MS,
} as const

export const FRAME_METHOD_META = {
  'frame.switchNetwork': quick,
  'frame.connectEmail': authStep,
  'frame.connectDevice': authStep,
  'frame.connectOtp': authStep,
  /** Ours: a new wallet is made in the key frame, which needs a gesture there (passkey). */
  'frame.setupWallet': userStep,
  'frame.connectSocial': authStep,
  'frame.getFarcasterUri': quick,
  /** Waits for the phone to sign (a channel lives 4 min), so it has a user step's deadline. */
  'frame.connectFarcaster': userStep,
  'frame.getUser': quick,
  'frame.getSocialRedirectUri': authStep,
  /** Ours: waits for a cut-off login window's answer (long-polled), so it has a user step's deadline. */
  'frame.awaitSocialAnswer': userStep,
  'frame.signOut': quick,
  'frame.isConnected': quick,
  'frame.getChainId': quick,
  'frame.getSmartAccountEnabledNetworks': quick,
  'frame.initSmartAccount': quick,
  'frame.setPreferredAccount': quick,
  'frame.rpcRequest': userStep,
  'frame.updateEmail': authStep,
  'frame.updateEmailPrimaryOtp': authStep,
  'frame.updateEmailSecondaryOtp': authStep,
  'frame.syncTheme': quick,
  'frame.syncDappData': quick,
  'frame.reload': quick,
} as const satisfies Record<string, MethodMeta>

export type FrameMethodName = keyof typeof FRAME_METHOD_META
export const FRAME_METHOD_NAMES = Object.keys(FRAME_METHOD_META) as FrameMethodName[]

/**
 * Spec §6: the unsafe methods that need the approval view (ApproveTransaction) before the embedded
 * wallet signs; its other methods (capabilities, call status, assets) only read. Here rather than
 * in methods-meta.ts, which the SDK bundles. Spec §6's other unsafe methods — ERC-7715's
 * permissions (ERC7715_RPC_METHODS, methods-meta.ts) and `eth_sendUserOperation` — the embedded wallet refuses (4200) without
 * any approval, so the modal opens no view for them.
 */
export const APPROVAL_RPC_METHODS: readonly string[] = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
]

/** The key frame's page, relative to its origin; loaded with the query of spec §2. */
export const KEY_FRAME_PATH = '/frame'
/**
 * An empty page of the key origin that the modal frames at boot to warm up the key frame's site
 * (process, connection) before it knows the project: /frame itself refuses a missing project.
 */
export const KEY_FRAME_WARM_UP_PATH = '/frame/warm-up'
/**
 * The id of that warm-up iframe, which the modal server writes into the modal's HTML (issue 10):
 * made by the parser, it loads beside the modal's scripts instead of after them, and so no longer
 * holds back the modal's load event, where the host says hello.
 */
export const KEY_FRAME_WARM_UP_ELEMENT_ID = 'wf-key-frame'
/** The key frame's iframe `allow`: its passkey prompts (wallet set-up, signing) run inside it. */
export const KEY_FRAME_PERMISSIONS = 'publickey-credentials-get; publickey-credentials-create'
/** The key frame's iframe title, read by assistive technology. */
export const KEY_FRAME_TITLE = 'Embedded wallet'

/** Spec §2: the key frame is loaded with project id, chain id, version and logger flag. */
export interface KeyFrameQuery {
  projectId: string
  chainId: number
  version: string
  logger: boolean
}

export function keyFrameUrl(origin: string, query: KeyFrameQuery): string {
  const url = new URL(KEY_FRAME_PATH, origin)
  url.searchParams.set('projectId', query.projectId)
  url.searchParams.set('chainId', String(query.chainId))
  url.searchParams.set('version', query.version)
  url.searchParams.set('logger', query.logger ? '1' : '0')
  return url.href
}

/** The query as the key frame reads it; undefined when anything is missing or malformed. */
export function readKeyFrameQuery(search: string): KeyFrameQuery | undefined {
  const params = new URLSearchParams(search)
  const projectId = params.get('projectId') ?? ''
  const chainId = Number(params.get('chainId'))
  const version = params.get('version') ?? ''
  if (!projectId || projectId.length > MAX_PROJECT_ID_LENGTH || !Number.isSafeInteger(chainId) || chainId < 1)
    return undefined
  if (!/^[0-9A-Za-z.+-]{1,32}$/.test(version)) return undefined
  return { projectId, chainId, version, logger: params.get('logger') === '1' }
}
