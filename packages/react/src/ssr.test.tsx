/**
 * Server rendering (issue 13): the Provider makes no SDK instance on the server, so no request can
 * show another's wallet. The SDK is replaced by one whose first instance is already connected as
 * "user A": had the Provider made (or shared) an instance while rendering, A's address would be in
 * the HTML of A's request, and of the next one.
 */
import type { AccountState, WalletFrame } from '@walletframe/sdk'
import { type ReactNode, Suspense, use } from 'react'
import { renderToReadableStream, renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'

const USER_A = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'
const created = vi.hoisted(() => ({ count: 0 }))

vi.mock('@walletframe/sdk', () => ({
  createWalletFrame(): Partial<WalletFrame> {
    created.count += 1
    const account: AccountState =
      created.count === 1
        ? { status: 'connected', isConnected: true, address: USER_A, chainId: 1 }
        : { status: 'disconnected', isConnected: false }
    return {
      getAccount: () => account,
      subscribeAccount: () => () => {},
      getState: () => ({ open: true, view: 'Account' }),
      subscribeState: () => () => {},
      destroy() {},
    }
  },
}))

const {
  ConnectButton,
  shortenAddress,
  useWalletFrame,
  useWalletFrameAccount,
  useWalletFrameNetwork,
  useWalletFrameProvider,
  useWalletFrameState,
  WalletFrameProvider,
} = await import('./index.ts')

const options = (projectId: string) => ({
  projectId,
  modalUrl: 'https://modal.example/',
  networks: [
    {
      id: 1,
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://rpc.example'] } },
    },
  ],
})

function WalletState() {
  const account = useWalletFrameAccount()
  const network = useWalletFrameNetwork()
  const modal = useWalletFrameState()
  const provider = useWalletFrameProvider()
  return (
    <p>
      {[
        account.status,
        account.address ?? 'no address',
        network.caipNetworkId ?? 'no network',
        modal.open ? 'open' : 'closed',
        provider ? 'provider' : 'no provider',
      ].join('|')}
    </p>
  )
}

/** Keeps what useWalletFrame() returned during a server render, to call it afterwards. */
const captured: { actions?: ReturnType<typeof useWalletFrame> } = {}
function Capture() {
  captured.actions = useWalletFrame()
  return null
}

/** Suspends until `gate` resolves: the two requests' renders interleave, as on a busy server. */
function Later({ gate, children }: { gate: Promise<void>; children: ReactNode }) {
  use(gate)
  return children
}

function page(projectId: string, gate: Promise<void>) {
  return (
    <WalletFrameProvider options={options(projectId)}>
      <ConnectButton />
      <Suspense fallback={<i>loading</i>}>
        <Later gate={gate}>
          <WalletState />
        </Later>
      </Suspense>
    </WalletFrameProvider>
  )
}

const html = async (stream: ReadableStream) => {
  await (stream as ReadableStream & { allReady: Promise<void> }).allReady
  return new Response(stream).text()
}

describe('server rendering', () => {
  it('renders two interleaved requests with no wallet state, and makes no SDK instance', async () => {
    let openA = () => {}
    let openB = () => {}
    const gateA = new Promise<void>((resolve) => (openA = resolve))
    const gateB = new Promise<void>((resolve) => (openB = resolve))
    const [streamA, streamB] = await Promise.all([
      renderToReadableStream(page('project-a', gateA)),
      renderToReadableStream(page('project-b', gateB)),
    ])
    openB()
    openA()
    const [a, b] = await Promise.all([html(streamA), html(streamB)])
    for (const body of [a, b]) {
      expect(body).toContain('>Connect Wallet</button>')
      expect(body).toContain('disconnected|no address|no network|closed|no provider')
      expect(body).not.toContain(USER_A)
      expect(body).not.toContain(shortenAddress(USER_A))
    }
    expect(created.count).toBe(0)
  })

  it('rejects the modal actions on the server with a clear error (code 4900)', async () => {
    renderToString(
      <WalletFrameProvider options={options('project-a')}>
        <Capture />
      </WalletFrameProvider>,
    )
    const actions = captured.actions
    expect(actions?.walletFrame).toBeUndefined()
    const ssr = { code: 4900, message: expect.stringContaining('server-side rendering') }
    await expect(actions?.open()).rejects.toMatchObject(ssr)
    await expect(actions?.connect()).rejects.toMatchObject(ssr)
    await expect(actions?.disconnect()).rejects.toMatchObject(ssr)
    expect(created.count).toBe(0)
  })

  it('says which hook was used outside a Provider', () => {
    expect(() => renderToString(<WalletState />)).toThrow(
      'useWalletFrameAccount() must be used inside <WalletFrameProvider>.',
    )
    expect(() => renderToString(<ConnectButton />)).toThrow(/useWalletFrame\(\) must be used inside/)
  })
})

describe('shortenAddress', () => {
  it('keeps the first 4 and last 6 characters, as the modal does', () => {
    expect(shortenAddress(USER_A)).toBe('0xAb…9aeC9B')
    expect(shortenAddress('0x1234')).toBe('0x1234')
  })
})
