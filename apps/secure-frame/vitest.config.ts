import { defineProject } from 'vitest/config'
import { sourceResolution } from '../../vite.shared.ts'

// Lets `npm test` run inside this workspace; the root config lists it as a project too.
// Generous timeouts: PGlite takes ~5 s to open, the Postgres suites start a throwaway cluster and
// the signing suites start anvil. JSX is compiled for Preact, as in vite.config.ts.
export default defineProject({
  ...sourceResolution,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
