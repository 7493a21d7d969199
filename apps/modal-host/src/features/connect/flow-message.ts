import { UI_MESSAGES } from '@walletframe/protocol'

/** The message a connect flow's view shows: declined says so; a failure shows the wallet's words. */
export function flowMessage(
  progress: 'requesting' | 'declined' | 'failed' | undefined,
  walletMessage: string | undefined,
): string | undefined {
  if (progress === 'declined') return UI_MESSAGES.connectionDeclined
  if (progress === 'failed') return walletMessage ?? UI_MESSAGES.somethingWentWrong
  return undefined
}
