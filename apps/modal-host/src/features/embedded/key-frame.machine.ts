/**
 * The key frame's life (spec §4 "Embedded frame"): it loads and answers the handshake, then the
 * modal waits TIME.frameReadyWaitMs before using it; a frame that never answers is unavailable
 * (spec §8 'Unable to load email login dependency'). The wait is an `after` delay, so tests run it
 * on a fake clock.
 */
import { type FrameChannel, type Messenger, TIME } from '@walletframe/protocol'
import { assign, fromPromise, setup } from 'xstate'

export type FrameMessenger = Messenger<'parent', FrameChannel>

export const keyFrameMachine = setup({
  types: {
    context: {} as { connect: () => Promise<FrameMessenger>; messenger?: FrameMessenger; error?: unknown },
    input: {} as { connect: () => Promise<FrameMessenger> },
  },
  actors: {
    handshake: fromPromise(({ input }: { input: () => Promise<FrameMessenger> }) => input()),
  },
}).createMachine({
  id: 'keyFrame',
  context: ({ input }) => ({ connect: input.connect }),
  initial: 'connecting',
  states: {
    connecting: {
      invoke: {
        src: 'handshake',
        input: ({ context }) => context.connect,
        onDone: { target: 'settling', actions: assign({ messenger: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    settling: { after: { [TIME.frameReadyWaitMs]: 'ready' } },
    ready: {},
    failed: { type: 'final' },
  },
})
