import { ALERTS } from '@walletframe/protocol'

/** What the modal server injected about the project of this frame (apps/modal-host/server). */
export type ProjectConfig =
  | { status: 'ok'; projectId: string; allowedOrigins: string[] }
  | { status: 'missing' | 'unknown'; projectId?: string }

export function readProjectConfig(doc: Document): ProjectConfig {
  const raw = doc.getElementById('wf-project')?.textContent
  try {
    const parsed = raw ? (JSON.parse(raw) as ProjectConfig) : undefined
    if (parsed?.status === 'ok' && Array.isArray(parsed.allowedOrigins)) return parsed
    if (parsed?.status === 'unknown') return parsed
  } catch {
    // Treated as a missing project below.
  }
  return { status: 'missing' }
}

export function alertForProject(project: ProjectConfig) {
  if (project.status === 'missing') return ALERTS.projectIdNotConfigured
  if (project.status === 'unknown') return ALERTS.invalidProjectId
  return undefined
}
