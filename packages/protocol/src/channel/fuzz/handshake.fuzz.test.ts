/**
 * Issue 10 point 4, the handshake of every channel: generated window messages to a child waiting
 * for its parent's hello, and generated replies to a parent waiting on its port. The child accepts
 * only a valid hello with a port from its parent window on an allowed origin and answers nothing
 * else; the parent settles only on a valid ready or refused (ARCHITECTURE.md "Frame channel").
 */
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { HANDSHAKE, SUPPORTED_PROTOCOL_VERSIONS } from '../../constants.ts'
import { HandshakeReplySchema, HelloSchema, ReadySchema, RefusedSchema } from '../../envelope.ts'
import { fuzzRuns, hostileValue, shapedLike, withForbiddenKey } from '../../test-support/fuzz.ts'
import { createZodValidator } from '../../wire/zod-validator.ts'
import { hasForbiddenKeys } from '../forbidden-keys.ts'
import { acceptFromParent, connectToChild } from '../handshake.ts'
import { createOriginCheck } from '../origins.ts'
import type { PortLike } from '../ports.ts'
import { FakeChildFrame, FakeWindow } from '../test-support.ts'

const RUNS = fuzzRuns(1_000)
// A bound for WF_FUZZ_RUNS=10000, not a timing assertion.
vi.setConfig({ testTimeout: 30 * 60_000 })
const DAPP = 'http://127.0.0.1:5173'
const PARENT = { window: 'parent' }

/** A port that records what is posted on it, synchronously: the child answers during dispatch. */
function recordingPort() {
  const posted: unknown[] = []
  const port: PortLike = {
    postMessage: (message) => posted.push(message),
    addEventListener: () => {},
    removeEventListener: () => {},
    close: () => {},
  }
  return { port, posted }
}

const origins = fc.oneof(
  { arbitrary: fc.constant(DAPP), weight: 4 },
  fc.constantFrom(
    'null',
    `${DAPP}/`,
    'HTTP://127.0.0.1:5173',
    `${DAPP}.evil.example`,
    'http://127.0.0.1:5174',
    undefined,
  ),
  fc.webUrl().map((url) => new URL(url).origin),
)

describe('the handshake under fuzzing', () => {
  it('a child answers only a valid hello with a port from its parent window on an allowed origin', () => {
    const hello = fc.oneof(
      { arbitrary: shapedLike(HelloSchema), weight: 4 },
      { arbitrary: withForbiddenKey(shapedLike(HelloSchema)), weight: 1 },
      { arbitrary: hostileValue(), weight: 2 },
    )
    const event = fc.record({
      data: hello,
      origin: origins,
      source: fc.constantFrom(PARENT, { window: 'other' }, undefined, null),
      withPort: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, fc.constant(false)),
    })
    fc.assert(
      fc.property(event, ({ data, origin, source, withPort }) => {
        const self = new FakeWindow()
        const accepted = acceptFromParent({
          self,
          parent: PARENT,
          isOriginAllowed: createOriginCheck([DAPP]),
          validator: createZodValidator(),
        })
        accepted.catch(() => {})
        const { port, posted } = recordingPort()
        self.dispatch({ data, origin, source, ports: withPort ? [port] : [] })
        const valid =
          source === PARENT &&
          origin === DAPP &&
          withPort &&
          !hasForbiddenKeys(data) &&
          HelloSchema.safeParse(data).success
        if (!valid) {
          expect(posted).toEqual([])
          expect(self.listeners.size).toBe(1)
          return
        }
        const shared = (data as { versions: number[] }).versions.some((v) =>
          SUPPORTED_PROTOCOL_VERSIONS.includes(v),
        )
        expect(posted).toHaveLength(1)
        expect((posted[0] as { type: string }).type).toBe(
          shared ? HANDSHAKE.readyType : HANDSHAKE.refusedType,
        )
        expect(self.listeners.size).toBe(0)
      }),
      { numRuns: RUNS },
    )
  })

  it('a parent settles only on a valid ready or refused, whatever arrives before', async () => {
    const reply = fc.oneof(
      { arbitrary: shapedLike(HandshakeReplySchema), weight: 4 },
      { arbitrary: withForbiddenKey(shapedLike(ReadySchema)), weight: 1 },
      { arbitrary: hostileValue(), weight: 2 },
    )
    await fc.assert(
      fc.asyncProperty(reply, async (first) => {
        const target = new FakeChildFrame()
        const connected = connectToChild({
          target,
          targetOrigin: 'http://127.0.0.2:5174',
          init: {},
          validator: createZodValidator(),
          createChannel: () => new MessageChannel(),
          timeoutMs: 3_600_000,
        }).then(
          ({ messenger, version }) => {
            messenger.destroy()
            return { version }
          },
          (error: { code: number }) => ({ code: error.code }),
        )
        const port = target.posts[0]?.transfer[0] as MessagePort
        try {
          port.postMessage(first)
        } catch {
          // Not cloneable, so never sent: the parent then settles on the ready alone.
        }
        port.postMessage({ type: HANDSHAKE.readyType, version: SUPPORTED_PROTOCOL_VERSIONS[0] })
        const outcome = await connected
        port.close()
        const clean = !hasForbiddenKeys(first)
        if (clean && RefusedSchema.safeParse(first).success)
          expect(outcome).toEqual({ code: (first as { error: { code: number } }).error.code })
        else if (clean && ReadySchema.safeParse(first).success) {
          const { version } = first as { version: number }
          expect(outcome).toEqual(
            SUPPORTED_PROTOCOL_VERSIONS.includes(version) ? { version } : { code: -32006 },
          )
        } else expect(outcome).toEqual({ version: SUPPORTED_PROTOCOL_VERSIONS[0] })
      }),
      { numRuns: RUNS },
    )
  })
})
