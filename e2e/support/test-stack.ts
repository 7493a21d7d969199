import { resolveStackConfig } from '@walletframe/stack'

/** The e2e stack listens on its own ports, so `npm start` can keep running beside the tests. */
export const TEST_ENV = {
  WF_DEVNET_PORT: '18545',
  WF_MODAL_PORT: '15174',
  WF_DAPP_PORT: '15173',
} as const

export const testStack = () => resolveStackConfig({ ...process.env, ...TEST_ENV })

/** A third site that is not allowed to embed the dev project (its pages are served by page.route). */
export const FOREIGN_ORIGIN = 'http://127.0.0.3:15175'
