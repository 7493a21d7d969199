import { ApiClientQuerySchema } from '@walletframe/protocol'
import { createMiddleware } from 'hono/factory'
import type { ProjectConfig } from '../config.ts'
import type { ApiEnv } from '../context.ts'
import { ApiError } from '../errors.ts'
import { parseInput } from './validate.ts'

/**
 * Spec §7: every call carries projectId, sdk type (`st`) and sdk version (`sv`). A missing project
 * id and an unknown one get their own codes, because the modal shows a different alert for each
 * ("Project ID Not Configured", "Invalid Project ID"). Runs before any route work.
 */
export function requireProject(projects: ReadonlyMap<string, ProjectConfig>) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    // All parameters in one parse of the query string (hono parses it again for each key asked).
    const query = c.req.queries()
    const ids = query.projectId
    const projectId = ids?.[0]
    if (!projectId) throw new ApiError('projectIdMissing')
    if (ids.length > 1) throw new ApiError('invalidInput', 'Invalid query parameter projectId: given twice')
    const project = projects.get(projectId)
    if (!project) throw new ApiError('projectIdInvalid')
    parseInput(
      ApiClientQuerySchema,
      { projectId, st: queryValue(query.st), sv: queryValue(query.sv) },
      'query',
    )
    c.set('project', project)
    await next()
  })
}

/** One value stays a string, repeats stay an array (and fail the schema), absence is undefined. */
function queryValue(values: string[] | undefined): string | string[] | undefined {
  return values && values.length === 1 ? values[0] : values
}

/** A body's own `projectId` (spec §7 puts one in some bodies) may only repeat the query's. */
export function assertBodyProject(checked: ProjectConfig, bodyProjectId: string | undefined): void {
  if (bodyProjectId !== undefined && bodyProjectId !== checked.projectId) {
    throw new ApiError('invalidInput', 'Invalid body field projectId: differs from the query parameter')
  }
}
