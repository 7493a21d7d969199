import { defineProject } from 'vitest/config'
import { sourceResolution } from '../../vite.shared.ts'

// Lets `npm test` run inside this workspace; the root config lists it as a project too.
// Generous timeouts: PGlite takes ~5 s to open, and the suites start anvil and Postgres.
export default defineProject({
  ...sourceResolution,
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
