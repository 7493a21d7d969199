import { startStack } from '../../scripts/stack.ts'
import { startForeignSite } from './foreign-site.ts'
import {
  FOREIGN_ORIGIN,
  testApi,
  testKeyServer,
  testModalRateLimits,
  testRelay,
  testStack,
} from './test-stack.ts'

export default async function globalSetup() {
  const stack = await startStack(testStack(), {
    relay: testRelay(),
    api: testApi,
    keyServer: testKeyServer(),
    modalRateLimits: testModalRateLimits(),
    // The embedded wallet's smart account sends its user operations to this bundler (issue 14).
    accountAbstraction: true,
  })
  const foreign = await startForeignSite(stack.config, FOREIGN_ORIGIN).catch(async (error) => {
    await stack.close()
    throw error
  })
  return async () => {
    await foreign.close()
    await stack.close()
  }
}
