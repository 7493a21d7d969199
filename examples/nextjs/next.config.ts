import type { NextConfig } from 'next'

const config: NextConfig = {
  // The workspace packages ship TypeScript sources in this monorepo: Next compiles them.
  transpilePackages: ['@walletframe/react', '@walletframe/protocol', '@walletframe/stack'],
  // The repo's own typecheck and lint cover this app; `next build` only compiles it (2 cores).
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
}

export default config
