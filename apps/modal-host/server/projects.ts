/**
 * Project registry: which host origins may embed the modal for each project id.
 * Everything here runs at start-up, so a bad configuration fails loudly before the first request.
 */
import { readFileSync } from 'node:fs'
import { normalizeOrigin } from '@walletframe/protocol'

export type ProjectConfig = { projectId: string; allowedOrigins: string[] }

export interface LoadProjectsOptions {
  devProjectId: string
  /** The demo dapp origin plus WALLETFRAME_DEV_ORIGINS. */
  devOrigins: readonly string[]
  /** JSON file `[{ projectId, allowedOrigins }]` (env WF_PROJECTS_FILE). */
  projectsFile?: string | undefined
}

// Same bounds as the SDK's init message, so an id the SDK cannot send is never registered.
const MAX_PROJECT_ID_LENGTH = 128

export function loadProjects(options: LoadProjectsOptions): ProjectConfig[] {
  const projects = [
    toProject({ projectId: options.devProjectId, allowedOrigins: options.devOrigins }, 'dev project'),
  ]
  if (options.projectsFile) projects.push(...readProjectsFile(options.projectsFile))

  const seen = new Set<string>()
  for (const { projectId } of projects) {
    if (seen.has(projectId)) throw new Error(`Duplicate projectId "${projectId}" in the project registry`)
    seen.add(projectId)
  }
  return projects
}

function readProjectsFile(file: string): ProjectConfig[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`WF_PROJECTS_FILE ${file}: cannot read it as JSON (${(error as Error).message})`)
  }
  if (!Array.isArray(parsed)) {
    throw new Error(`WF_PROJECTS_FILE ${file}: expected an array of { projectId, allowedOrigins }`)
  }
  return parsed.map((entry, index) => toProject(entry, `WF_PROJECTS_FILE ${file} [${index}]`))
}

/** Validates one untrusted entry and normalises its origins. */
export function toProject(entry: unknown, where: string): ProjectConfig {
  if (typeof entry !== 'object' || entry === null) throw new Error(`${where}: expected an object`)
  const { projectId, allowedOrigins } = entry as Record<string, unknown>
  if (typeof projectId !== 'string' || projectId.length === 0 || projectId.length > MAX_PROJECT_ID_LENGTH) {
    throw new Error(`${where}: projectId must be a string of 1-${MAX_PROJECT_ID_LENGTH} characters`)
  }
  if (!Array.isArray(allowedOrigins) || allowedOrigins.length === 0) {
    throw new Error(`${where}: allowedOrigins must be a non-empty array of origins`)
  }
  const origins = allowedOrigins.map((value) => {
    const origin = typeof value === 'string' ? normalizeOrigin(value) : undefined
    // Only http(s): the origin ends up in a CSP source list, where anything else would be a scheme
    // or keyword source ("data:", "'self'") with a much wider meaning than one site.
    if (origin === undefined || !/^https?:\/\//.test(origin)) {
      throw new Error(
        `${where}: "${String(value)}" is not an http(s) origin (the "null" origin is never allowed)`,
      )
    }
    return origin
  })
  return { projectId, allowedOrigins: [...new Set(origins)] }
}
