import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { finishTextWarmUp, TEXT_WARM_UP_ID } from './text-warm-up.ts'

describe('text warm-up (issue 10: the first open does not pay for fonts)', () => {
  it("is in the modal's page, hidden from assistive technology", () => {
    const page = readFileSync(new URL('../../index.html', import.meta.url), 'utf8')
    expect(page).toMatch(new RegExp(`<div id="${TEXT_WARM_UP_ID}" aria-hidden="true">[^<]*<b>`))
  })

  it('is laid out, then removed, at boot', () => {
    const calls: string[] = []
    const element = {
      getBoundingClientRect: () => calls.push('layout'),
      remove: () => calls.push('remove'),
    }
    const doc = { getElementById: (id: string) => (id === TEXT_WARM_UP_ID ? element : null) }
    finishTextWarmUp(doc as never)
    expect(calls).toEqual(['layout', 'remove'])
    // A page without it (a test page, the dev server's before a reload) is fine.
    expect(() => finishTextWarmUp({ getElementById: () => null } as never)).not.toThrow()
  })
})
