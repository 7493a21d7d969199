import type { Address } from 'viem'
import { hexToBytes } from 'viem'
import { parsePersonalSignParams } from '../requests/personal-sign-params.ts'
import { printableText } from '../text/printable-text.ts'

/** personal_sign as the approval view shows it: readable text when it is text, else the hex itself. */
export interface MessageDescription {
  kind: 'message'
  address: Address
  /** `text`: `content` is the message as text. `hex`: bytes that are not printable text, shown as hex. */
  encoding: 'text' | 'hex'
  content: string
}

export function describePersonalSign(params: unknown): MessageDescription {
  const { message, address } = parsePersonalSignParams(params)
  if (message.kind === 'text') return { kind: 'message', address, encoding: 'text', content: message.text }
  const text = printableText(hexToBytes(message.raw))
  return text === undefined
    ? { kind: 'message', address, encoding: 'hex', content: message.raw }
    : { kind: 'message', address, encoding: 'text', content: text }
}
