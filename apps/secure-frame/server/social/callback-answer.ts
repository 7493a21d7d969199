import { SOCIAL_STATE_SHAPE } from '@walletframe/protocol'
import { KeyServerError } from '../errors.ts'

export interface CallbackAnswer {
  state: string
  code?: string | undefined
  error?: string | undefined
  iss?: string | undefined
}

/** The popup's final URL: this key server's callback with a well-formed state, else SOCIAL_ANSWER_INVALID. */
export function callbackAnswer(uri: string, redirectUri: string): CallbackAnswer {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    throw new KeyServerError('socialAnswerInvalid')
  }
  const state = url.searchParams.get('state') ?? ''
  if (`${url.origin}${url.pathname}` !== redirectUri || !SOCIAL_STATE_SHAPE.test(state)) {
    throw new KeyServerError('socialAnswerInvalid')
  }
  const read = (name: string) => url.searchParams.get(name) ?? undefined
  return { state, code: read('code'), error: read('error'), iss: read('iss') }
}
