import { isUserRejection, PROVIDER_ERRORS, WALLET_RPC_METHODS } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import type { WalletEventName } from '../core/index.ts'
import { createFakeSignClient, fakeSession, OTHER_ADDRESS, WALLET_ADDRESS } from './fake-sign-client.ts'
import type { PairingState } from './pairing.ts'
import { eip155Accounts } from './sign-client-surface.ts'
import { createWalletConnectConnector } from './walletconnect-connector.ts'

function setup(options: { activeChainId?: number; fake?: ReturnType<typeof createFakeSignClient> } = {}) {
  const fake = options.fake ?? createFakeSignClient()
  const pairing: PairingState[] = []
  const events: Array<[WalletEventName, unknown]> = []
  const loadClient = vi.fn(async () => fake.client)
  const connector = createWalletConnectConnector({
    loadClient,
    chainIds: () => [31337, 31338],
    activeChainId: () => options.activeChainId ?? 31337,
    reusePairing: false,
    onPairing: (state) => pairing.push(state),
    onEvent: (event, data) => events.push([event, data]),
  })
  return { fake, connector, pairing, events, loadClient }
}

/** Connects through the fake: waits for the URI, approves, returns the account. */
async function connect(ctx: ReturnType<typeof setup>, overrides = {}) {
  const connecting = ctx.connector.connect()
  await vi.waitFor(() => expect(ctx.fake.proposals).toHaveLength(1))
  const session = ctx.fake.proposals[0]!.approve(overrides)
  return { account: await connecting, session }
}

describe('WalletConnect connector: connecting', () => {
  it('proposes the configured eip155 chains, methods and events, and shows the URI', async () => {
    const ctx = setup()
    const connecting = ctx.connector.connect()
    await vi.waitFor(() => expect(ctx.pairing.at(-1)?.status).toBe('ready'))
    expect(ctx.pairing.at(-1)).toMatchObject({ uri: ctx.fake.proposals[0]!.uri })
    expect(ctx.fake.proposals[0]!.params).toEqual({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:31337', 'eip155:31338'],
          // Spec §5/§6: exactly the wallet methods a dapp may call, as protocol lists them.
          methods: [...WALLET_RPC_METHODS],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
    })
    ctx.fake.proposals[0]!.approve()
    await expect(connecting).resolves.toEqual({ address: WALLET_ADDRESS, chainId: 31337 })
    expect(ctx.connector.peer?.name).toBe('Fake Wallet')
  })

  it('prefers the modal’s active chain among the approved accounts, else the first', async () => {
    const onSecond = setup({ activeChainId: 31338 })
    expect((await connect(onSecond)).account).toEqual({ address: WALLET_ADDRESS, chainId: 31338 })
    const elsewhere = setup({ activeChainId: 1 })
    expect((await connect(elsewhere)).account).toEqual({ address: WALLET_ADDRESS, chainId: 31337 })
  })

  it('a proposal the wallet rejects is a user rejection', async () => {
    const ctx = setup()
    const connecting = ctx.connector.connect()
    await vi.waitFor(() => expect(ctx.fake.proposals).toHaveLength(1))
    ctx.fake.proposals[0]!.reject({ code: 5000, message: 'User rejected.' })
    const error = await connecting.catch((e: unknown) => e)
    expect(isUserRejection(error)).toBe(true)
  })

  it('a session without eip155 accounts fails and is deleted', async () => {
    const ctx = setup()
    const connecting = ctx.connector.connect()
    await vi.waitFor(() => expect(ctx.fake.proposals).toHaveLength(1))
    const session = ctx.fake.proposals[0]!.approve({ namespaces: {} })
    await expect(connecting).rejects.toMatchObject({ code: PROVIDER_ERRORS.unauthorized.code })
    await vi.waitFor(() =>
      expect(ctx.fake.client.disconnect).toHaveBeenCalledWith(
        expect.objectContaining({ topic: session.topic }),
      ),
    )
  })

  it('loads sign-client once, and again after a failed load', async () => {
    const ctx = setup()
    ctx.loadClient.mockRejectedValueOnce(new Error('chunk failed'))
    await expect(ctx.connector.connect()).rejects.toThrow('chunk failed')
    await connect(ctx)
    await ctx.connector.request('personal_sign', ['0x68', WALLET_ADDRESS])
    expect(ctx.loadClient).toHaveBeenCalledTimes(2)
  })

  it('deletes a session approved after the user walked away from the pairing', async () => {
    const ctx = setup()
    const controller = new AbortController()
    const connecting = ctx.connector.connect({ signal: controller.signal })
    await vi.waitFor(() => expect(ctx.fake.proposals).toHaveLength(1))
    controller.abort()
    await expect(connecting).rejects.toMatchObject({ code: PROVIDER_ERRORS.default.code })
    const late = ctx.fake.proposals[0]!.approve()
    await vi.waitFor(() =>
      expect(ctx.fake.client.disconnect).toHaveBeenCalledWith({
        topic: late.topic,
        reason: { code: 6000, message: 'User disconnected.' },
      }),
    )
    await expect(ctx.connector.request('personal_sign', [])).rejects.toMatchObject({ code: 4900 })
  })
})

describe('WalletConnect connector: requests', () => {
  it('sends wallet methods on the session topic and the current chain', async () => {
    const ctx = setup()
    const { session } = await connect(ctx)
    await expect(ctx.connector.request('personal_sign', ['0x68', WALLET_ADDRESS])).resolves.toBe('0xresult')
    expect(ctx.fake.requests.at(-1)).toEqual({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x68', WALLET_ADDRESS] },
    })
  })

  it('passes the wallet’s errors on with their code', async () => {
    const ctx = setup()
    await connect(ctx)
    ctx.fake.answerWith(async () => {
      throw { code: 4001, message: 'User rejected the request.' }
    })
    await expect(ctx.connector.request('eth_sendTransaction', [{}])).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
  })

  it('refuses methods the wallet did not approve (4200)', async () => {
    const ctx = setup()
    await connect(ctx)
    await expect(ctx.connector.request('wallet_sendCalls', [{}])).rejects.toMatchObject({ code: 4200 })
    expect(ctx.fake.requests).toHaveLength(0)
  })

  it('switching to a chain in the session only moves the default chain (spec §4)', async () => {
    const ctx = setup()
    await connect(ctx)
    await expect(
      ctx.connector.request('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]),
    ).resolves.toBeNull()
    expect(ctx.fake.requests).toHaveLength(0)
    await ctx.connector.request('personal_sign', ['0x68', WALLET_ADDRESS])
    expect(ctx.fake.requests.at(-1)?.chainId).toBe('eip155:31338')
  })

  it('asks the wallet to switch to a chain outside the session', async () => {
    const ctx = setup()
    await connect(ctx)
    ctx.fake.answerWith(async () => null)
    await ctx.connector.request('wallet_switchEthereumChain', [{ chainId: '0x1' }])
    expect(ctx.fake.requests.at(-1)).toMatchObject({
      chainId: 'eip155:31337',
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] },
    })
  })
})

describe('WalletConnect connector: wallet events', () => {
  it('turns session events into EIP-1193 events for the session', async () => {
    const ctx = setup()
    const { session } = await connect(ctx)
    const sessionEvent = (name: string, data: unknown, chainId = 'eip155:31338') =>
      ctx.fake.emit({
        name: 'session_event',
        payload: { topic: session.topic, params: { event: { name, data }, chainId } },
      })
    sessionEvent('chainChanged', 31338)
    sessionEvent('chainChanged', '0x7a69')
    sessionEvent('chainChanged', 'eip155:31338')
    sessionEvent('accountsChanged', [OTHER_ADDRESS])
    sessionEvent('accountsChanged', [`eip155:31338:${WALLET_ADDRESS}`])
    expect(ctx.events).toEqual([
      ['chainChanged', '0x7a6a'],
      ['chainChanged', '0x7a69'],
      ['chainChanged', '0x7a6a'],
      ['accountsChanged', [OTHER_ADDRESS]],
      ['accountsChanged', [WALLET_ADDRESS]],
    ])
    // Requests follow the wallet's chain.
    await ctx.connector.request('personal_sign', [])
    expect(ctx.fake.requests.at(-1)?.chainId).toBe('eip155:31338')
  })

  it('ignores events of other topics', async () => {
    const ctx = setup()
    await connect(ctx)
    ctx.fake.emit({ name: 'session_delete', payload: { topic: 'someone-else' } })
    ctx.fake.emit({
      name: 'session_event',
      payload: {
        topic: 'someone-else',
        params: { event: { name: 'chainChanged', data: 1 }, chainId: 'eip155:1' },
      },
    })
    expect(ctx.events).toEqual([])
  })

  it('a session deleted or expired on the wallet side is a disconnect', async () => {
    for (const name of ['session_delete', 'session_expire'] as const) {
      const ctx = setup()
      const { session } = await connect(ctx)
      ctx.fake.emit({ name, payload: { topic: session.topic } })
      expect(ctx.events).toEqual([['disconnect', PROVIDER_ERRORS.disconnected]])
      await expect(ctx.connector.request('personal_sign', [])).rejects.toMatchObject({ code: 4900 })
    }
  })

  it('a session update that drops the account moves to the wallet’s new account', async () => {
    const ctx = setup()
    const { session } = await connect(ctx)
    ctx.fake.emit({
      name: 'session_update',
      payload: {
        topic: session.topic,
        params: {
          namespaces: {
            eip155: { ...session.namespaces.eip155!, accounts: [`eip155:31337:${OTHER_ADDRESS}`] },
          },
        },
      },
    })
    expect(ctx.events).toEqual([['accountsChanged', [OTHER_ADDRESS]]])
  })
})

describe('WalletConnect connector: reload and disconnect', () => {
  it('reconnect picks up the newest live session from storage', async () => {
    const old = fakeSession({ expiry: Math.floor(Date.now() / 1000) - 10 })
    const pending = fakeSession({ acknowledged: false })
    const live = fakeSession()
    const ctx = setup({ fake: createFakeSignClient({ stored: [old, pending, live] }) })
    await expect(ctx.connector.reconnect()).resolves.toEqual({ address: WALLET_ADDRESS, chainId: 31337 })
    await ctx.connector.request('personal_sign', [])
    expect(ctx.fake.requests.at(-1)?.topic).toBe(live.topic)
  })

  it('reconnect finds nothing without a stored session', async () => {
    const ctx = setup()
    await expect(ctx.connector.reconnect()).resolves.toBeUndefined()
  })

  it('disconnect deletes the session through the relay', async () => {
    const ctx = setup()
    const { session } = await connect(ctx)
    await ctx.connector.disconnect()
    await expect(ctx.connector.request('personal_sign', [])).rejects.toMatchObject({ code: 4900 })
    await vi.waitFor(() =>
      expect(ctx.fake.client.disconnect).toHaveBeenCalledWith({
        topic: session.topic,
        reason: { code: 6000, message: 'User disconnected.' },
      }),
    )
    expect(ctx.fake.sessions).toHaveLength(0)
  })

  it('disconnect does not wait on a relay that never takes the deletion', async () => {
    const ctx = setup()
    await connect(ctx)
    vi.mocked(ctx.fake.client.disconnect).mockImplementation(() => new Promise(() => undefined))
    await ctx.connector.disconnect()
    await expect(ctx.connector.request('personal_sign', [])).rejects.toMatchObject({ code: 4900 })
  })
})

describe('eip155Accounts', () => {
  it('reads eip155 CAIP-10 accounts and skips anything else', () => {
    expect(
      eip155Accounts({
        accounts: [`eip155:1:${WALLET_ADDRESS}`, 'solana:mainnet:abc', 'eip155:x:0x1', 'eip155:5:nothex'],
        methods: [],
        events: [],
      }),
    ).toEqual([{ chainId: 1, address: WALLET_ADDRESS }])
  })
})
