/**
 * Issue 10 point 4: every method of the three channels (host ↔ modal, modal ↔ key frame, key frame
 * ↔ key window), fuzzed on the real receive path of the side that handles it, with valid-shaped
 * messages of random values, broken envelopes, wrong types, forbidden keys, huge and deep values,
 * unknown methods and forged or late ids. The protocol's answer for each (ARCHITECTURE.md
 * "Frame channel"): a handler runs only for a valid request, a request that can be answered gets
 * exactly the catalogue's error, anything else is ignored, and nothing in flight is disturbed.
 */
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { EnvelopeSchema, WireErrorSchema } from '../../envelope.ts'
import { createFrameValidator, FRAME_METHOD_META, FRAME_METHOD_SCHEMAS } from '../../frame/index.ts'
import { KEY_WINDOW_METHOD_META, KEY_WINDOW_METHOD_SCHEMAS } from '../../key-window/key-window.ts'
import { METHOD_SCHEMAS } from '../../methods.ts'
import { METHOD_META } from '../../methods-meta.ts'
import { fuzzRuns, hostileValue, shapedLike, withForbiddenKey } from '../../test-support/fuzz.ts'
import { createCheckValidator } from '../../wire/check-runtime.ts'
import { HOST_CHECKS } from '../../wire/host-checks.generated.ts'
import { NAMESPACE_CHECKS } from '../../wire/namespace-checks.generated.ts'
import { createZodValidator } from '../../wire/zod-validator.ts'
import type { Side } from '../messenger.ts'
import { type ChannelUnderTest, expectedOutcome, expectedReply, openFuzzedSide } from './test-support.ts'

const RUNS = fuzzRuns(300)
// A generous bound, not a timing assertion: WF_FUZZ_RUNS=10000 takes minutes on a small machine.
vi.setConfig({ testTimeout: 30 * 60_000 })

const CHANNELS: ChannelUnderTest[] = [
  {
    name: 'host ↔ modal',
    table: METHOD_META,
    schemas: METHOD_SCHEMAS,
    // As in production: the SDK (with its adapters' NAMESPACE_CHECKS) checks with the compiled JSON
    // Schemas, the modal with zod.
    validator: (side) =>
      side === 'parent'
        ? createCheckValidator({ ...HOST_CHECKS, ...NAMESPACE_CHECKS })
        : createZodValidator(),
  },
  {
    name: 'modal ↔ key frame',
    table: FRAME_METHOD_META,
    schemas: FRAME_METHOD_SCHEMAS,
    validator: createFrameValidator,
  },
  {
    name: 'key frame ↔ key window',
    table: KEY_WINDOW_METHOD_META,
    schemas: KEY_WINDOW_METHOD_SCHEMAS,
    validator: () => createZodValidator(KEY_WINDOW_METHOD_SCHEMAS),
  },
]

const KINDS = ['request', 'event', 'response', 'cancel'] as const

/** Names no table resolves: prototype members, other channels' methods, random text. */
function foreignMethod(channel: ChannelUnderTest): fc.Arbitrary<string> {
  const others = CHANNELS.filter((other) => other !== channel).flatMap((other) => Object.keys(other.table))
  return fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', ...others),
    fc.string({ minLength: 1, maxLength: 64 }),
  )
}

/** Messages aimed at `method`: mostly well-formed with random values, the rest broken in every field. */
function messagesFor(channel: ChannelUnderTest, method: fc.Arbitrary<string>, lateId: string) {
  // Built once per method: deriving an arbitrary from a schema (its regexes) costs far more than using it.
  const byMethod = new Map(
    Object.entries(channel.schemas).map(([name, { params }]) => [name, shapedLike(params)]),
  )
  const anyParams = fc.jsonValue({ maxDepth: 2 })
  const params = method.chain(
    (name) => (Object.hasOwn(channel.schemas, name) && byMethod.get(name)) || anyParams,
  )
  const id = fc.oneof(
    { arbitrary: fc.string({ minLength: 1, maxLength: 64 }), weight: 6 },
    { arbitrary: fc.string({ minLength: 65, maxLength: 200 }), weight: 1 },
    { arbitrary: fc.constantFrom('', lateId), weight: 1 },
    { arbitrary: hostileValue(), weight: 1 },
  )
  const hostile = hostileValue()
  const wellFormed = fc.tuple(method, id, params).map(([name, messageId, values]) => ({
    v: 1,
    id: messageId,
    kind: channel.table[name]?.kind ?? 'request',
    method: name,
    params: values,
  }))
  const broken = fc.record(
    {
      v: fc.oneof(fc.constant(1), fc.integer(), hostile),
      id,
      kind: fc.oneof(fc.constantFrom(...KINDS), hostile),
      method: fc.oneof(method, foreignMethod(channel), hostile),
      params: fc.oneof(params, withForbiddenKey(params), hostile),
      ok: fc.oneof(fc.boolean(), hostile),
      result: hostile,
      error: fc.oneof(shapedLike(WireErrorSchema), hostile),
    },
    { requiredKeys: [] },
  )
  return fc.oneof(
    { arbitrary: wellFormed, weight: 5 },
    { arbitrary: broken, weight: 4 },
    { arbitrary: hostile, weight: 1 },
  )
}

async function fuzz(channel: ChannelUnderTest, side: Side, method: (lateId: string) => fc.Arbitrary<string>) {
  const { messenger, deliver, ids, pendingSettled } = await openFuzzedSide(channel, side)
  let handled = 0
  await fc.assert(
    fc.asyncProperty(messagesFor(channel, method(ids.late), ids.late), async (message) => {
      const outcome = await deliver(message)
      if (!outcome) return
      handled++
      const expected = expectedOutcome(channel, side, outcome.received)
      expect(outcome.errors).toEqual([])
      expect(outcome.calls).toEqual(expected.call ? [expected.call] : [])
      const id = (outcome.received as { id: string } | null)?.id ?? ''
      expect(outcome.replies).toEqual(expected.reply ? [expectedReply(id, expected.reply)] : [])
      // Every answer is an envelope the requester accepts, or it would wait until its deadline.
      for (const reply of outcome.replies) expect(EnvelopeSchema.safeParse(reply).success).toBe(true)
      expect(pendingSettled()).toBe(false)
      expect(messenger.destroyed).toBe(false)
    }),
    { numRuns: RUNS },
  )
  // Nearly all generated messages can be posted; the few too deep to clone are skipped.
  expect(handled).toBeGreaterThan(RUNS * 0.9)
}

describe.each(CHANNELS)('the $name channel under fuzzing', (channel) => {
  for (const side of ['parent', 'child'] as const) {
    const incoming = side === 'parent' ? 'toParent' : 'toChild'
    const methods = Object.entries(channel.table).filter(([, meta]) => meta.direction === incoming)
    for (const [method] of methods) {
      it(`${side} side: ${method} messages are handled when valid, refused with the typed error or ignored otherwise`, () =>
        fuzz(channel, side, () => fc.constant(method)))
    }
    const outgoing = Object.keys(channel.table).filter((name) => channel.table[name]?.direction !== incoming)
    it(`${side} side: unknown, foreign and wrong-direction methods never reach a handler`, () =>
      fuzz(channel, side, () =>
        outgoing.length
          ? fc.oneof(foreignMethod(channel), fc.constantFrom(...outgoing))
          : foreignMethod(channel),
      ))
  }
})
