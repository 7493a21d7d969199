import { defineProject } from 'vitest/config'

// The repository checks (scripts/checks) run in `npm test` as their own vitest project.
export default defineProject({ test: { name: 'repo-checks', include: ['checks/**/*.test.ts'] } })
