import type { Address, Hex } from 'viem'
import { isByteHex, paramsArray, parseAddress } from './quantities.ts'
import { invalidParamsError } from './request-errors.ts'

const METHOD = 'personal_sign'

/** What personal_sign signs: bytes when the dapp sent hex (EIP-1193 practice), else the text itself. */
export type PersonalSignMessage = { kind: 'bytes'; raw: Hex } | { kind: 'text'; text: string }

export interface PersonalSignRequest {
  message: PersonalSignMessage
  address: Address
}

/** personal_sign's params: `[message, address]`, message as 0x hex bytes or plain text. */
export function parsePersonalSignParams(params: unknown): PersonalSignRequest {
  const [message, address] = paramsArray(METHOD, params, 2, '[message, address]')
  if (typeof message !== 'string') throw invalidParamsError(METHOD, 'expects the message as a string.')
  return {
    message: isByteHex(message) ? { kind: 'bytes', raw: message } : { kind: 'text', text: message },
    address: parseAddress(METHOD, 'params[1]', address),
  }
}
