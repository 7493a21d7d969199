/**
 * The monorepo's own tools read every workspace package from its TypeScript sources through the
 * `walletframe-source` export condition, listed first in a publishable package's `exports`; an
 * integrator's tools never set it and get the package's built dist/ (docs/publishing.md). Every
 * vitest project and Vite build here spreads `sourceResolution` into its config.
 */
import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite'

const SOURCE_CONDITION = 'walletframe-source'

/**
 * The source condition ahead of the defaults, in the browser and the server environments. On the
 * server, vitest's own default leaves out `module` (a package's `module` build is often ESM that
 * Node cannot load, e.g. @walletconnect/pay's extensionless imports under walletkit), so does this.
 */
export const sourceResolution = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: {
    resolve: {
      conditions: [
        SOURCE_CONDITION,
        ...defaultServerConditions.filter((condition) => condition !== 'module'),
      ],
    },
  },
} satisfies UserConfig
