/** User-visible texts of spec §8: toasts and alerts. Each alert has a unique reason like an error. */

/** Toast texts. */
export const UI_MESSAGES = {
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  failedToDisconnect: 'Failed to disconnect',
  failedToFetchTransactions: 'Failed to fetch transactions',
  somethingWentWrong: 'Something went wrong',
  addressCopied: 'Address copied',
  linkCopied: 'Link copied',
  connectionDeclined: 'Connection declined',
} as const

export interface Alert {
  readonly reason: string
  readonly title: string
  readonly description: string
}

/** Alerts: a short title and a longer description, shown in place of the modal. */
export const ALERTS = {
  invalidAppConfiguration: {
    reason: 'InvalidAppConfiguration',
    title: 'Invalid App Configuration',
    description:
      'This page is not allowed to use this WalletFrame project. Add its origin to the allowed origins.',
  },
  invalidProjectId: {
    reason: 'InvalidProjectId',
    title: 'Invalid Project ID',
    description: 'The project ID is not known to this WalletFrame host.',
  },
  projectIdNotConfigured: {
    reason: 'ProjectIdNotConfigured',
    title: 'Project ID Not Configured',
    description: 'Pass a projectId to createWalletFrame().',
  },
  invalidInit: {
    reason: 'InvalidInit',
    title: 'Invalid App Configuration',
    description: 'The SDK sent options this modal cannot use.',
  },
  standalone: {
    reason: 'Standalone',
    title: 'WalletFrame',
    description: 'This is the WalletFrame modal. It opens inside an app that uses WalletFrame.',
  },
} as const satisfies Record<string, Alert>
