import { TIME } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { toastMachine } from './toast.machine.ts'

function start() {
  const clock = new SimulatedClock()
  const actor = createActor(toastMachine, { clock }).start()
  const current = () => actor.getSnapshot().context.current
  return { actor, clock, current }
}

describe('toast machine (spec §4 Toast)', () => {
  it('shows a message at once when none is open', () => {
    const { actor, current } = start()
    actor.send({ type: 'SHOW', variant: 'success', message: 'Address copied' })
    expect(current()?.message).toBe('Address copied')
  })

  it('replaces an open message after the swap pause', () => {
    const { actor, clock, current } = start()
    actor.send({ type: 'SHOW', variant: 'success', message: 'first' })
    actor.send({ type: 'SHOW', variant: 'error', message: 'second' })
    expect(current()).toBeUndefined()
    clock.increment(TIME.toastSwapDelayMs - 1)
    expect(current()).toBeUndefined()
    clock.increment(1)
    expect(current()).toMatchObject({ message: 'second', variant: 'error' })
  })

  it('shows only the newest of messages that arrive during the pause', () => {
    const { actor, clock, current } = start()
    actor.send({ type: 'SHOW', variant: 'success', message: 'first' })
    actor.send({ type: 'SHOW', variant: 'info', message: 'second' })
    actor.send({ type: 'SHOW', variant: 'info', message: 'third' })
    clock.increment(TIME.toastSwapDelayMs)
    expect(current()?.message).toBe('third')
  })

  it('auto-closes after its duration but keeps a loading toast until replaced', () => {
    const { actor, clock, current } = start()
    actor.send({ type: 'SHOW', variant: 'success', message: 'done' })
    clock.increment(TIME.toastDurationMs - 1)
    expect(current()?.message).toBe('done')
    clock.increment(1)
    expect(current()).toBeUndefined()
    actor.send({ type: 'SHOW', variant: 'loading', message: 'waiting' })
    clock.increment(TIME.toastDurationMs * 10)
    expect(current()?.variant).toBe('loading')
    actor.send({ type: 'HIDE' })
    expect(current()).toBeUndefined()
  })

  it('gives every toast a new id, so the view re-announces a repeated message', () => {
    const { actor, clock, current } = start()
    actor.send({ type: 'SHOW', variant: 'success', message: 'same' })
    const first = current()?.id
    clock.increment(TIME.toastDurationMs)
    actor.send({ type: 'SHOW', variant: 'success', message: 'same' })
    expect(current()?.id).not.toBe(first)
  })
})
