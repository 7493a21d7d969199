import { startStack } from '../../scripts/stack.ts'
import { testStack } from './test-stack.ts'

export default async function globalSetup() {
  const stack = await startStack(testStack())
  return async () => {
    await stack.close()
  }
}
