import { defineProject } from 'vitest/config'
import { sourceResolution } from '../../vite.shared.ts'

// Lets `npm test` run inside this workspace; the root config lists it as a project too.
export default defineProject(sourceResolution)
