import { expect, it } from 'vitest'
import { compareWithBaseline } from './baseline.ts'

it('reports new hits and stale baseline entries, counting repeats', () => {
  expect(compareWithBaseline(['a', 'b', 'b'], ['a', 'b', 'b'])).toEqual({ added: [], stale: [] })
  expect(compareWithBaseline(['a', 'b', 'b', 'c'], ['a', 'b'])).toEqual({ added: ['b', 'c'], stale: [] })
  expect(compareWithBaseline(['a'], ['a', 'a', 'z'])).toEqual({ added: [], stale: ['a', 'z'] })
})
