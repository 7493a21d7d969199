import { defineProject } from 'vitest/config'
import { sourceResolution } from '../vite.shared.ts'

// The repository checks (scripts/checks) and the bench's own logic run in `npm test` as one project.
export default defineProject({
  ...sourceResolution,
  test: {
    name: 'repo-checks',
    include: [
      '*.test.ts',
      'checks/**/*.test.ts',
      'docs/**/*.test.ts',
      'publish/**/*.test.ts',
      'bench-peers/**/*.test.ts',
      'soak/**/*.test.ts',
      'script-tag/**/*.test.ts',
    ],
  },
})
