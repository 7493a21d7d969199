/**
 * The connector in Node, as a server renders it: with both wagmi majors, importing the package,
 * calling `walletFrame()` and making a wagmi config touch no DOM and make no SDK. What needs a
 * browser (connect, sign, send, switch, reconnect after a reload) is proven in e2e/tests/wagmi.spec.ts.
 */
import * as wagmiV3 from '@wagmi/core'
import * as wagmiV2 from '@wagmi/core-v2'
import { WALLETFRAME_RDNS } from '@walletframe/protocol/host'
import { defineChain, http, SwitchChainError } from 'viem'
import { describe, expect, it } from 'vitest'
import { walletFrame } from './index.ts'

const devnet = (id: number, port: number) =>
  defineChain({
    id,
    name: `Devnet ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:${port}`] } },
  })
const chains = [devnet(31337, 8545), devnet(31338, 8546)] as const
const options = { projectId: 'walletframe-dev', modalUrl: 'http://127.0.0.2:5174/' }

describe.each([
  ['v3', wagmiV3],
  ['v2', wagmiV2 as unknown as typeof wagmiV3],
])('with @wagmi/core %s, on a server (no window)', (_, wagmi) => {
  const makeConfig = () =>
    wagmi.createConfig({
      chains,
      connectors: [walletFrame(options)],
      transports: { [chains[0].id]: http(), [chains[1].id]: http() },
    })

  it('makes a config with the WalletFrame connector, and touches no DOM', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
    const [connector, ...others] = makeConfig().connectors
    expect(others).toEqual([])
    expect(connector).toMatchObject({
      id: 'walletFrame',
      name: 'WalletFrame',
      type: 'walletFrame',
      rdns: WALLETFRAME_RDNS,
    })
    expect(walletFrame.type).toBe('walletFrame')
  })

  it('reconnects to nothing, and has no provider to give', async () => {
    const config = makeConfig()
    const connector = config.connectors[0]!
    await expect(connector.isAuthorized()).resolves.toBe(false)
    await expect(connector.getProvider()).rejects.toBeInstanceOf(wagmiV3.ProviderNotFoundError)
    await expect(wagmi.reconnect(config)).resolves.toEqual([])
    expect(wagmi.getAccount(config).status).toBe('disconnected')
  })

  it('refuses a switch to a chain the config does not have, with wagmi’s errors', async () => {
    const connector = makeConfig().connectors[0]!
    const failure = connector.switchChain!({ chainId: 1 })
    await expect(failure).rejects.toBeInstanceOf(SwitchChainError)
    await expect(failure).rejects.toMatchObject({ cause: { name: 'ChainNotConfiguredError' } })
  })
})
