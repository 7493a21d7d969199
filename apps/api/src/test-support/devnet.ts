import { type Devnet, startDevnet } from '@walletframe/devnet'
import { resolveStackConfig, type StackConfig } from '@walletframe/stack'
import { freePortPair } from '@walletframe/testing'
import type { DevnetFixtures } from '../config.ts'

export interface TestDevnet {
  devnet: Devnet
  stack: StackConfig
  /** Per chain; empty when started with `fixtures: false`. */
  fixtures: DevnetFixtures
  close(): Promise<void>
}

/** A two-chain devnet on free ports (with its fixtures unless told otherwise) and the stack config for it. */
export async function startTestDevnet(options: { fixtures?: boolean } = {}): Promise<TestDevnet> {
  const port = await freePortPair()
  const stack = resolveStackConfig({ WF_DEVNET_PORT: String(port) })
  const devnet = await startDevnet(stack.devnet, { fixtures: options.fixtures ?? true })
  return { devnet, stack, fixtures: devnet.fixtures, close: () => devnet.close() }
}
