import { describe, expect, it, vi } from 'vitest'
import { createStore, whenState } from './store.ts'

describe('whenState', () => {
  it('runs once, when the state first holds, and no more', () => {
    const store = createStore({ open: false })
    const run = vi.fn()
    whenState(store, (state) => state.open, run)
    expect(run).not.toHaveBeenCalled()
    store.set({ open: true })
    store.set({ open: false })
    store.set({ open: true })
    expect(run).toHaveBeenCalledOnce()
  })

  it('runs at once when the state holds already', () => {
    const run = vi.fn()
    whenState(createStore({ open: true }), (state) => state.open, run)
    expect(run).toHaveBeenCalledOnce()
  })
})
