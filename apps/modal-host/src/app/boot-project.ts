import { ALERTS, type ProjectBootstrap } from '@walletframe/protocol'

/** The alert a page shows instead of the modal when its project is not usable (spec §8). */
export function alertForProject(project: ProjectBootstrap) {
  if (project.status === 'missing') return ALERTS.projectIdNotConfigured
  if (project.status === 'unknown') return ALERTS.invalidProjectId
  return undefined
}
