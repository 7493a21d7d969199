/**
 * Regressions found by the channel fuzzer (channel/fuzz): how a request that fails the envelope
 * check is answered when its method is not usable text.
 */
import { describe, expect, it } from 'vitest'
import { EnvelopeSchema } from '../envelope.ts'
import { CHANNEL_ERRORS } from '../errors/index.ts'
import { openMessenger } from './messenger-test-support.ts'

const invalidEnvelope = (method: string) => ({
  v: 1,
  id: 'r1',
  kind: 'response',
  method,
  ok: false,
  error: CHANNEL_ERRORS.invalidEnvelope,
})

describe('the answer to a request with an unusable method', () => {
  // String() of such a method threw inside the message listener.
  it('answers -32600 when the method is an object whose toString is not a function', async () => {
    const { send, peer } = openMessenger('child')
    send({ kind: 'request', id: 'r1', method: { toString: 0 } })
    expect(await peer.take()).toEqual(invalidEnvelope('object'))
  })

  // The empty method was echoed, and the requester's envelope check dropped the answer.
  it('answers an empty method under a method its requester accepts', async () => {
    const { send, peer } = openMessenger('child')
    send({ kind: 'request', id: 'r1', method: '' })
    const answer = await peer.take()
    expect(answer).toEqual(invalidEnvelope('string'))
    expect(EnvelopeSchema.safeParse(answer).success).toBe(true)
  })
})
