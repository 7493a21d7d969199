/** A sentence for the person in front of the key frame, from whatever a step threw. */
import { WalletFrameError } from '@walletframe/protocol'
import { CustodyError, SealOpenError } from '../../custody/errors.ts'
import { NoDeviceUnlockError } from '../wallet/no-device-unlock.ts'

export function userMessage(error: unknown): string {
  if (error instanceof SealOpenError) return 'This recovery code does not open this wallet.'
  if (
    error instanceof CustodyError ||
    error instanceof WalletFrameError ||
    error instanceof NoDeviceUnlockError
  )
    return error.message
  if (error instanceof DOMException && error.name === 'NotAllowedError')
    return 'The passkey request was cancelled or timed out.'
  return 'Something went wrong. Please try again.'
}
