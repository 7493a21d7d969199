import { KeyServerError } from '../errors.ts'

export interface ClientData {
  challenge: string
  origin: string
  crossOrigin: boolean
  topOrigin: string | undefined
}

/** The fields of a WebAuthn clientDataJSON (base64url) the server checks before the library does. */
export function readClientData(clientDataJSON: string): ClientData {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >
    if (typeof data.challenge !== 'string' || typeof data.origin !== 'string')
      throw new Error('fields missing')
    return {
      challenge: data.challenge,
      origin: data.origin,
      crossOrigin: data.crossOrigin === true,
      topOrigin: typeof data.topOrigin === 'string' ? data.topOrigin : undefined,
    }
  } catch {
    throw new KeyServerError('invalidInput', {
      message: 'Invalid body field response.response.clientDataJSON',
    })
  }
}

/**
 * docs/embedded-wallet.md "Custody": in the nested key frame the ceremony is cross-origin, and its
 * top origin must be a host origin of the project. A cross-origin ceremony without a top origin
 * (browsers that do not report it) is refused, as its embedding page cannot be checked.
 */
export function checkTopOrigin(data: ClientData, allowedTopOrigins: readonly string[]): void {
  if (!data.crossOrigin) return
  if (data.topOrigin === undefined || !allowedTopOrigins.includes(data.topOrigin)) {
    throw new KeyServerError('topOriginRefused')
  }
}
