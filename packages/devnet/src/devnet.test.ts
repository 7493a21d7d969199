import { type AddressInfo, createServer, type Server } from 'node:net'
import type { StackConfig } from '@walletframe/stack'
import { createPublicClient, http, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { devnetChainDefinitions } from './chains.ts'
import { startDevnet } from './devnet.ts'

const host = '127.0.0.1'

/** A port the OS hands out, held open: nothing else on the machine can have it meanwhile. */
async function listen(): Promise<{ server: Server; port: number }> {
  const server: Server = createServer().listen(0, host)
  await new Promise((resolve) => server.once('listening', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

/**
 * Two ports free just now, from the OS: a random one fell, once, on a port another test's connection
 * held (the kernel's ephemeral range starts at 32768).
 */
async function freePorts(): Promise<[number, number]> {
  const held = [await listen(), await listen()]
  await Promise.all(held.map(({ server }) => new Promise((resolve) => server.close(resolve))))
  return [held[0]!.port, held[1]!.port]
}

function devnetConfig(ports: [number, number]): StackConfig['devnet'] {
  return {
    host,
    chains: ports.map((port, index) => ({
      chainId: 31_337 + index,
      name: `Test Devnet ${index}`,
      port,
      rpcUrl: `http://${host}:${port}`,
    })),
  }
}

async function answersRpc(rpcUrl: string): Promise<boolean> {
  try {
    await fetch(rpcUrl, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' })
    return true
  } catch {
    return false
  }
}

describe('startDevnet', () => {
  // Bare chains (no fixtures): every account, #9 the fixture deployer included, has its full funding.
  it('starts one funded anvil per chain and stops them on close', { timeout: 30_000 }, async () => {
    const config = devnetConfig(await freePorts())
    const devnet = await startDevnet(config, { fixtures: false })
    try {
      expect(devnet.chains.map((chain) => chain.chainId)).toEqual([31_337, 31_338])
      expect(devnet.fixtures).toEqual({})
      expect(devnet.accounts).toHaveLength(10)
      expect(devnet.accounts[0]?.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')

      for (const chain of devnetChainDefinitions(config)) {
        const client = createPublicClient({ chain, transport: http() })
        expect(await client.getChainId()).toBe(chain.id)
        expect(await client.getBalance({ address: devnet.accounts[9]!.address })).toBe(parseEther('10000'))
        expect(await client.getBlockNumber()).toBe(0n)
      }
    } finally {
      await devnet.close()
    }
    for (const chain of devnet.chains) expect(await answersRpc(chain.rpcUrl)).toBe(false)
  })

  it('rejects naming the port when it is taken', { timeout: 30_000 }, async () => {
    const { server: occupant, port } = await listen()
    const free = await listen()
    await new Promise((resolve) => free.server.close(resolve))
    try {
      await expect(startDevnet(devnetConfig([free.port, port]))).rejects.toThrow(`port ${port}`)
      // The chain that did start was stopped again.
      expect(await answersRpc(`http://${host}:${free.port}`)).toBe(false)
    } finally {
      occupant.close()
    }
  })
})
