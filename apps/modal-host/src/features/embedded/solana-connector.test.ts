import { type NamespaceNetwork, solanaLocalnet } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { createEmbeddedSolanaConnector } from './solana-connector.ts'
import { createFakeKeyFrame, EMBEDDED_ADDRESS } from './test-key-frame.ts'

const SOLANA = 'GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp'
const network = solanaLocalnet as unknown as NamespaceNetwork

function setup(
  accounts = [
    { address: EMBEDDED_ADDRESS, type: 'eoa' as const },
    { address: SOLANA, type: 'eoa' as const, namespace: 'solana' as const },
  ],
) {
  const fake = createFakeKeyFrame()
  fake.signedIn = true
  fake.handlers['frame.rpcRequest'] = ({ method }) =>
    method === 'solana_signMessage' ? { signature: 'sig' } : [{ pubkey: SOLANA }]
  let frame: ReturnType<typeof fake.connect> | undefined
  const approvals: string[] = []
  const connector = createEmbeddedSolanaConnector({
    connector: { id: 'walletframe-embedded', frame: () => (frame ??= fake.connect()) },
    approve: (call, signal) => {
      approvals.push('shown')
      return call(signal ?? new AbortController().signal)
    },
    accounts: () => accounts,
  })
  return { fake, connector, approvals }
}

describe("the embedded wallet's Solana account (issue 15, spec §6)", () => {
  it('connects with the key frame user’s Solana account, without asking the user', async () => {
    const { connector, approvals, fake } = setup()
    await expect(connector.connect(network)).resolves.toEqual({ address: SOLANA })
    expect(approvals).toEqual([])
    expect(fake.calls).toEqual([])
  })

  it('says there is no account when the key frame names none', async () => {
    const { connector } = setup([{ address: EMBEDDED_ADDRESS, type: 'eoa' as const }] as never)
    await expect(connector.connect(network)).rejects.toMatchObject({ reason: 'WalletNoAccount' })
  })

  it('sends requests to the key frame on the connection’s network, signing ones through the approval', async () => {
    const { connector, approvals, fake } = setup()
    await connector.request('solana_getAccounts', undefined, { network })
    expect(approvals).toEqual([])
    const message = { message: '3yZe7d', pubkey: SOLANA }
    await expect(connector.request('solana_signMessage', message, { network })).resolves.toEqual({
      signature: 'sig',
    })
    expect(approvals).toEqual(['shown'])
    expect(
      fake.calls.filter((call) => call.method === 'frame.rpcRequest').map((call) => call.params),
    ).toEqual([
      { method: 'solana_getAccounts', caipNetworkId: solanaLocalnet.caipNetworkId },
      { method: 'solana_signMessage', params: message, caipNetworkId: solanaLocalnet.caipNetworkId },
    ])
  })
})
