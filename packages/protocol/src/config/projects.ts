/**
 * The projects file of a deployment (`WF_PROJECTS_FILE` for the modal server, `WF_API_PROJECTS_FILE`
 * for the data API): JSON `[{ "projectId", "allowedOrigins" }]`. Both read it with these rules, so a
 * file one accepts the other accepts too. Callers read the file; this only parses its text.
 */
import * as z from 'zod/mini'
import { normalizeOrigin } from '../channel/origins.ts'
import { MAX_PROJECT_ID_LENGTH } from '../constants.ts'

const isHttpOrigin = (value: unknown) => {
  const origin = typeof value === 'string' ? normalizeOrigin(value) : undefined
  return origin !== undefined && /^https?:\/\//.test(origin)
}

// Only http(s): an allowed origin ends up in a CSP source list, where anything else would be a scheme
// or keyword source ("data:", "'self'") with a much wider meaning than one site.
const notHttpOrigin = (issue: { input?: unknown }) =>
  `"${String(issue.input)}" is not an http(s) origin (the "null" origin is never allowed)`

const HttpOriginSchema = z.pipe(
  z.string({ error: notHttpOrigin }).check(z.refine(isHttpOrigin, { error: notHttpOrigin })),
  z.transform((value) => normalizeOrigin(value) as string),
)

const projectIdRule = `projectId must be a string of 1-${MAX_PROJECT_ID_LENGTH} characters`
const originsRule = 'allowedOrigins must be a non-empty array of origins'
const signInRule = 'signInOrigins must be an array of origins'

/** One project: its id and the origins allowed to embed its modal and call the API for it. */
export const ProjectEntrySchema = z.pipe(
  z.object(
    {
      projectId: z
        .string(projectIdRule)
        .check(z.minLength(1, projectIdRule), z.maxLength(MAX_PROJECT_ID_LENGTH, projectIdRule)),
      allowedOrigins: z.array(HttpOriginSchema, originsRule).check(z.minLength(1, originsRule)),
      /**
       * Data API only (issue 12): the dapp origins whose sign-in messages it accepts for the project
       * (the message's uri). Absent: sign-in is not enabled for the project.
       */
      signInOrigins: z.optional(z.array(HttpOriginSchema, signInRule)),
    },
    'expected an object',
  ),
  z.transform((entry) => ({
    projectId: entry.projectId,
    allowedOrigins: [...new Set(entry.allowedOrigins)],
    ...(entry.signInOrigins ? { signInOrigins: [...new Set(entry.signInOrigins)] } : {}),
  })),
)
/** Origins are normalised (`URL.origin`) and listed once each. */
export type ProjectEntry = z.output<typeof ProjectEntrySchema>

/** The whole file. Duplicate ids are refused by parseProjectsFile, not by the schema. */
export const ProjectsFileSchema = z.array(
  ProjectEntrySchema,
  'expected an array of { projectId, allowedOrigins }',
)

/** Parses the file's text or throws an Error naming `where` and the index of the first bad entry. */
export function parseProjectsFile(text: string, where: string): ProjectEntry[] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new Error(`${where}: cannot read it as JSON (${(error as Error).message})`)
  }
  const result = ProjectsFileSchema.safeParse(json)
  if (!result.success) throw configError(where, result.error.issues)
  return assertUniqueProjectIds(result.data, where)
}

/** One entry given in code (the dev project), checked like an entry of the file. */
export function toProjectEntry(entry: unknown, where: string): ProjectEntry {
  const result = ProjectEntrySchema.safeParse(entry)
  if (!result.success) throw configError(where, result.error.issues)
  return result.data
}

/** Returns `entries` unchanged, or throws when two share a projectId. */
export function assertUniqueProjectIds(entries: ProjectEntry[], where: string): ProjectEntry[] {
  const seen = new Set<string>()
  for (const { projectId } of entries) {
    if (seen.has(projectId)) throw new Error(`${where}: duplicate projectId "${projectId}"`)
    seen.add(projectId)
  }
  return entries
}

function configError(where: string, issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const [issue] = issues
  const index = typeof issue?.path[0] === 'number' ? ` [${issue.path[0]}]` : ''
  return new Error(`${where}${index}: ${issue?.message ?? 'invalid'}`)
}
