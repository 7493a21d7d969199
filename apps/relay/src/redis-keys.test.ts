/**
 * The Redis mailbox's keys are Redis-Cluster-safe: a script or transaction may only use keys of
 * one slot, and a key's slot is set by its hash tag (the text between its first `{` and the next
 * `}`). Every mailbox key carries the one tag, whatever the topic or client id holds.
 */
import { describe, expect, it } from 'vitest'
import { createMessage } from './mailbox.ts'
import { MAILBOX_PREFIX, mailboxKeys } from './redis-mailbox.ts'

/** Redis Cluster's rule (cluster spec, "hash tags"): what of the key is hashed. */
function hashedPart(key: string): string {
  const open = key.indexOf('{')
  if (open === -1) return key
  const close = key.indexOf('}', open + 1)
  if (close === -1 || close === open + 1) return key
  return key.slice(open + 1, close)
}

describe('the Redis mailbox keys', () => {
  const awkward = ['ab'.repeat(32), 'topic with {braces} and spaces', '}{', '{}']

  it('all share one hash tag, so each store, prune, ack and read runs on one Cluster slot', () => {
    for (const topic of awkward) {
      for (const publisher of ['did:key:z6Mk', '{client}']) {
        const message = createMessage({ topic, message: 'm', ttlSeconds: 60, tag: 0, publisher })
        const keys = [
          ...mailboxKeys.store(message),
          mailboxKeys.acks(topic, publisher),
          mailboxKeys.order(topic),
          mailboxKeys.messages(topic),
          mailboxKeys.held(topic),
        ]
        expect(new Set(keys.map(hashedPart))).toEqual(new Set(['wf-relay']))
      }
    }
    expect(MAILBOX_PREFIX).toBe('wf:relay:{wf-relay}:')
  })

  it('keeps topics and clients apart: no two different keys collide', () => {
    const keys = awkward.flatMap((topic) => [
      mailboxKeys.messages(topic),
      mailboxKeys.order(topic),
      mailboxKeys.held(topic),
      mailboxKeys.bytes(topic),
      mailboxKeys.acks(topic, 'c'),
      mailboxKeys.client(topic),
    ])
    expect(new Set(keys).size).toBe(keys.length)
  })
})
