import { defineProject } from 'vitest/config'

// Lets `npm test` run inside this workspace; the root config lists it as a project too.
export default defineProject({})
