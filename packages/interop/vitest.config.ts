import { defineProject } from 'vitest/config'
import { sourceResolution } from '../../vite.shared.ts'

// `npm run test:interop` runs this project alone; the root config lists it for `npm test` too.
// Four pairs at a time: a pair mostly waits (pings, the relay restart), and each is two Node
// processes loading an SDK, on a machine of two cores.
export default defineProject({
  ...sourceResolution,
  test: { name: 'interop', maxConcurrency: 4 },
})
