import type { Network } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { keyFrameNetworks } from './key-frame-networks.ts'

const testNetwork = (id: number, rpcUrl: string): Network => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name: `Devnet ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
})

describe('keyFrameNetworks', () => {
  const devnet = testNetwork(31_337, 'http://127.0.0.1:8545/')
  const other = testNetwork(31_338, 'http://127.0.0.1:8546/')
  const unsupported = testNetwork(5_555, 'http://127.0.0.1:8547/')

  it('gives each embedded-wallet network its bundler when the deployment has one there', () => {
    const networks = keyFrameNetworks([devnet, other, unsupported], { '31337': 'http://127.0.0.1:4337' })
    expect(networks.map(({ id, rpcUrl, bundlerUrl }) => ({ id, rpcUrl, bundlerUrl }))).toEqual([
      { id: 31_337, rpcUrl: 'http://127.0.0.1:8545/', bundlerUrl: 'http://127.0.0.1:4337' },
      { id: 31_338, rpcUrl: 'http://127.0.0.1:8546/', bundlerUrl: undefined },
    ])
    expect(networks[1]).not.toHaveProperty('bundlerUrl')
  })
})
