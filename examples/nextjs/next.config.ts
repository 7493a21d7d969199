import type { NextConfig } from 'next'

const config: NextConfig = {
  // The published packages resolve to their built dist/ (docs/publishing.md); the stack's settings
  // are a private workspace package read from its TypeScript sources, which Next compiles.
  transpilePackages: ['@walletframe/stack'],
  // The repo's own typecheck and lint cover this app; `next build` only compiles it (2 cores).
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
}

export default config
