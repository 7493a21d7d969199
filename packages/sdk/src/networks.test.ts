import { NetworkSchema } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { baseSepolia, DEFINED_NETWORKS } from './networks.ts'
import { normalizeOptions } from './options.ts'

describe('defined networks (spec §3 "Defined: … one Base testnet")', () => {
  it('Base Sepolia is chain 84532, a testnet, and the SDK takes it as a network', () => {
    expect(DEFINED_NETWORKS).toContain(baseSepolia)
    const { init } = normalizeOptions({
      projectId: 'walletframe-dev',
      modalUrl: 'http://127.0.0.2:5174/',
      networks: [baseSepolia],
    })
    const [network] = init.networks
    expect(network).toMatchObject({
      id: 84532,
      caipNetworkId: 'eip155:84532',
      chainNamespace: 'eip155',
      name: 'Base Sepolia',
      testnet: true,
    })
    expect(NetworkSchema.safeParse(network).success).toBe(true)
  })
})
