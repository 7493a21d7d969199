/**
 * Test support (used by co-located `*.test.ts` files only): free ports and an anvil devnet on them.
 */
import { type AddressInfo, createServer } from 'node:net'
import { type Devnet, startDevnet } from '@walletframe/devnet'

/** `count` distinct free TCP ports on 127.0.0.1, as the OS hands them out. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer())
  try {
    return await Promise.all(
      servers.map(
        (server) =>
          new Promise<number>((resolve, reject) => {
            server.once('error', reject)
            server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
          }),
      ),
    )
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  }
}

/** Anvil chains 31337, 31338, … on free ports (one devnet per test file). */
export async function startTestDevnet(chainCount: number): Promise<Devnet> {
  const host = '127.0.0.1'
  const ports = await freePorts(chainCount)
  return startDevnet({
    host,
    chains: ports.map((port, index) => ({
      chainId: 31_337 + index,
      name: `Test Devnet ${index}`,
      port,
      rpcUrl: `http://${host}:${port}`,
    })),
  })
}
