/**
 * Project registry: which host origins may embed the modal for each project id.
 * Everything here runs at start-up, so a bad configuration fails loudly before the first request.
 */
import { readFileSync } from 'node:fs'
import {
  assertUniqueProjectIds,
  type ProjectEntry,
  parseProjectsFile,
  toProjectEntry,
} from '@walletframe/protocol'

export type ProjectConfig = ProjectEntry

export interface LoadProjectsOptions {
  devProjectId: string
  /** The demo dapp origin plus WALLETFRAME_DEV_ORIGINS. */
  devOrigins: readonly string[]
  /** JSON file `[{ projectId, allowedOrigins }]` (env WF_PROJECTS_FILE). */
  projectsFile?: string | undefined
}

export function loadProjects(options: LoadProjectsOptions): ProjectConfig[] {
  const dev = toProjectEntry(
    { projectId: options.devProjectId, allowedOrigins: options.devOrigins },
    'dev project',
  )
  const file = options.projectsFile
  const where = `WF_PROJECTS_FILE ${file}`
  const fromFile = file ? parseProjectsFile(readText(file, where), where) : []
  return assertUniqueProjectIds([dev, ...fromFile], 'the project registry')
}

function readText(file: string, where: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    throw new Error(`${where}: cannot read it (${(error as Error).message})`)
  }
}
