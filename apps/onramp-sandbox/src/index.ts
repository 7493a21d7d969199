export { createSandboxApp, SANDBOX_LIMITS_CENTS, type SandboxDeps } from './app.ts'
export { OrderBook } from './orders.ts'
export { type OnRampSandboxOptions, type RunningOnRampSandbox, startOnRampSandbox } from './server.ts'
export { type SandboxChain, sandboxChainsOf, type Treasury } from './treasury.ts'
