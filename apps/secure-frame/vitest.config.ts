import { defineProject } from 'vitest/config'

// Lets `npm test` run inside this workspace; the root config lists it as a project too.
// Generous timeouts: PGlite takes ~5 s to open, and the Postgres suites start a throwaway cluster.
export default defineProject({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
