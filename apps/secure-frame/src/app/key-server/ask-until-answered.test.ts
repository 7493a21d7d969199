import { describe, expect, it } from 'vitest'
import { askUntilAnswered } from './ask-until-answered.ts'
import type { KeyServerClient } from './key-server-client.ts'

type Status = { state: 'pending' } | { state: 'done'; value: number }

/** A server whose long-poll answers `pending` `times` times, then `done`. */
function server(times: number, onAsk: (asked: number) => void = () => {}) {
  let asked = 0
  const client: KeyServerClient = {
    get: () => Promise.reject(new Error('unused')),
    post: async <T>() => {
      onAsk(++asked)
      return (asked > times ? { state: 'done', value: asked } : { state: 'pending' }) as T
    },
  }
  return { client, asked: () => asked }
}

describe('askUntilAnswered', () => {
  it('asks again while the answer is pending and returns the first other answer', async () => {
    const { client, asked } = server(2)
    const answer = await askUntilAnswered<Status>(client, '/poll', {}, new AbortController().signal)
    expect(answer).toEqual({ state: 'done', value: 3 })
    expect(asked()).toBe(3)
  })

  it('stops when the modal cancels, even between two asks', async () => {
    const controller = new AbortController()
    const { client, asked } = server(Number.POSITIVE_INFINITY, (n) => {
      if (n === 2) controller.abort(new Error('cancelled'))
    })
    await expect(askUntilAnswered<Status>(client, '/poll', {}, controller.signal)).rejects.toThrow(
      'cancelled',
    )
    expect(asked()).toBe(2)
  })
})
