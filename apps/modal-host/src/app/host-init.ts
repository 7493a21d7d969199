/**
 * The host's init as the modal reads it at the handshake (spec §7 "SDK ↔ modal", issue 10): refused
 * unless it fits the schema and names the project of the frame URL, which is the project whose
 * origins the host was checked against; then the dapp's identity is pinned to the origin the
 * handshake saw, so wallets are never shown a URL the page merely claims.
 */
import {
  CHANNEL_ERRORS,
  type ModalInit,
  ModalInitSchema,
  WALLETFRAME_NAME,
  type WireError,
} from '@walletframe/protocol'

export type HostInitOutcome =
  | { init: ModalInit; claimedUrl?: string }
  | { error: WireError; details?: string }

export function readHostInit(raw: unknown, projectId: string, origin: string): HostInitOutcome {
  const parsed = ModalInitSchema.safeParse(raw)
  if (!parsed.success) return { error: CHANNEL_ERRORS.invalidInit, details: parsed.error.message }
  // Acting for another project than the one checked would borrow its relay, API keys and sessions.
  if (parsed.data.projectId !== projectId) return { error: CHANNEL_ERRORS.projectMismatch }
  const metadata = parsed.data.metadata
  const claimedUrl = metadata?.url
  const init: ModalInit = {
    ...parsed.data,
    metadata: { ...(metadata ?? { name: WALLETFRAME_NAME }), url: origin },
  }
  return claimedUrl !== undefined && originOf(claimedUrl) !== origin ? { init, claimedUrl } : { init }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/** What the integrator is told when its metadata.url names another site than the page. */
export function claimedUrlWarning(claimedUrl: string, origin: string): string {
  return `metadata.url "${claimedUrl}" is not this page's origin; wallets are shown ${origin}`
}
