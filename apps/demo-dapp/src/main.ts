/** The demo integrator page: plain DOM wired to the WalletFrame SDK, the way a small dapp would use it. */
import { createWalletFrame } from '@walletframe/sdk'
import { bitcoinAdapter } from '@walletframe/sdk/bitcoin'
import { solanaAdapter } from '@walletframe/sdk/solana'
import {
  createPublicClient,
  custom,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  parseEther,
  parseUnits,
  toHex,
} from 'viem'
import { type DemoChain, readConfig, readQueryOptions } from './config.ts'

const MESSAGE = 'Hello from the WalletFrame demo'
/** Devnet account #9: a funded account the demo never signs with, so sends go somewhere visible. */
const RECIPIENT: Hex = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
const MAX_EVENTS = 50

function byTestId<T extends HTMLElement = HTMLElement>(testId: string): T {
  const element = document.querySelector<T>(`[data-testid="${testId}"]`)
  if (!element) throw new Error(`index.html lacks [data-testid="${testId}"]`)
  return element
}

const ui = {
  accountButton: byTestId<HTMLButtonElement>('account-button'),
  status: byTestId('status'),
  address: byTestId('address'),
  profileName: byTestId('profile-name'),
  chainId: byTestId('chain-id'),
  networkName: byTestId('network-name'),
  modalState: byTestId('modal-state'),
  siwxSession: byTestId('signed-in-session'),
  signOut: byTestId<HTMLButtonElement>('sign-out'),
  connect: byTestId<HTMLButtonElement>('connect'),
  disconnect: byTestId<HTMLButtonElement>('disconnect'),
  signMessage: byTestId<HTMLButtonElement>('sign-message'),
  sendTransaction: byTestId<HTMLButtonElement>('send-transaction'),
  sendToken: byTestId<HTMLButtonElement>('send-token'),
  buyCrypto: byTestId<HTMLButtonElement>('buy-crypto'),
  openSwap: byTestId<HTMLButtonElement>('open-swap'),
  themeToggle: byTestId<HTMLButtonElement>('theme-toggle'),
  networkSelect: byTestId<HTMLSelectElement>('network-select'),
  switchNetwork: byTestId<HTMLButtonElement>('switch-network'),
  error: byTestId('error'),
  signature: byTestId('signature'),
  signatureValid: byTestId('signature-valid'),
  txHash: byTestId('tx-hash'),
  events: byTestId<HTMLOListElement>('events'),
}

function showError(error: unknown): void {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  const text = typeof message === 'string' ? message : String(error)
  ui.error.textContent = code === undefined ? text : `${String(code)}: ${text}`
  ui.error.hidden = false
}

/** Every button goes through here: the error area shows only the outcome of the latest action. */
function onClick(button: HTMLButtonElement, action: () => Promise<unknown> | unknown): void {
  button.addEventListener('click', async () => {
    ui.error.hidden = true
    ui.error.textContent = ''
    try {
      await action()
    } catch (error) {
      showError(error)
    }
  })
}

function logEvent(text: string): void {
  const item = document.createElement('li')
  item.textContent = text
  ui.events.append(item)
  while (ui.events.children.length > MAX_EVENTS) ui.events.firstElementChild?.remove()
  item.scrollIntoView({ block: 'nearest' })
}

const truncate = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

const config = readConfig()
/** `?inline`: the modal lives in the page's layout (spec §2 embedded mode) instead of over it. */
const inline = new URLSearchParams(location.search).has('inline')
/**
 * `?networks=[{…}]`: more networks (viem's Chain shape) after the devnet's, e.g. one the data API
 * does not serve, whose Tokens tab says 'Token Balance Unavailable' (spec §7 supported-chains).
 */
const chains: DemoChain[] = [
  ...config.chains,
  ...(JSON.parse(new URLSearchParams(location.search).get('networks') ?? '[]') as DemoChain[]),
]
const chainsById = new Map<number, DemoChain>(chains.map((chain) => [chain.id, chain]))
/** Options from the query string (config.ts readQueryOptions); the demo's own come first. */
const queryOptions = readQueryOptions(location.search)
let themeMode: 'light' | 'dark' = queryOptions.themeMode === 'light' ? 'light' : 'dark'
ui.themeToggle.textContent = `Modal theme: ${themeMode}`

let walletFrame: ReturnType<typeof createWalletFrame>
try {
  walletFrame = createWalletFrame({
    projectId: config.projectId,
    modalUrl: config.modalUrl,
    networks: chains,
    // Solana and Bitcoin (issue 15): their providers for the networks a `?networks=` query adds.
    adapters: [solanaAdapter(), bitcoinAdapter()],
    metadata: {
      name: 'WalletFrame Demo',
      description: 'A small dapp that connects, signs and sends through WalletFrame',
      url: location.origin,
      icons: [],
    },
    themeMode,
    preload: true,
    // The demo keeps debug toasts off unless the query asks (spec §9 has them on by default).
    debug: false,
    ...(inline ? { appendTo: false as const } : {}),
    ...queryOptions,
  })
} catch (error) {
  // A wrong option is the integrator's to see: the page says which, then stops.
  showError(error)
  throw error
}
// The page's instance, for the browser console and for the e2e specs of the SDK's headless API
// (listWallets, connect({ walletId }), wallet_connect, setAnalyticsConsent), which have no button here.
;(window as unknown as { walletFrame: typeof walletFrame }).walletFrame = walletFrame
if (inline) {
  const container = byTestId('inline-wallet')
  container.hidden = false
  document.body.classList.add('inline')
  walletFrame.mount(container)
}
const provider = walletFrame.getProvider('eip155')

function renderAccount(): void {
  const account = walletFrame.getAccount()
  ui.status.textContent = account.status
  ui.status.dataset.status = account.status
  ui.address.textContent = account.address ?? '—'
  ui.profileName.textContent = account.profileName ?? '—'
  ui.chainId.textContent = account.chainId === undefined ? '—' : String(account.chainId)
  const chain = account.chainId === undefined ? undefined : chainsById.get(account.chainId)
  ui.networkName.textContent = account.chainId === undefined ? '—' : (chain?.name ?? 'Unsupported network')
  if (chain) ui.networkSelect.value = String(chain.id)
  ui.accountButton.textContent =
    account.isConnected && account.address ? truncate(account.address) : 'Connect Wallet'
}

function connectedAddress(): Hex {
  const { address } = walletFrame.getAccount()
  if (!address) throw new Error('Connect a wallet first.')
  return address as Hex
}

for (const chain of chains) ui.networkSelect.add(new Option(`${chain.name} (${chain.id})`, String(chain.id)))

walletFrame.subscribeAccount(renderAccount)

/** Spec §4 wallet sign-in (`?options={"siwx":{…}}`): who signed in, kept across reloads. */
function renderSession(): void {
  const session = walletFrame.getSession()
  ui.siwxSession.textContent = session ? `${session.address} on ${session.chainId} (${session.id})` : '—'
}
walletFrame.subscribeSession(renderSession)
renderSession()
onClick(ui.signOut, () => walletFrame.signOut())
walletFrame.subscribeState((state) => {
  ui.modalState.textContent = state.open ? `open (${state.view})` : 'closed'
})
provider.on('accountsChanged', (accounts: unknown) => {
  logEvent(`accountsChanged ${Array.isArray(accounts) && accounts.length > 0 ? accounts.join(',') : '[]'}`)
  renderAccount()
})
provider.on('chainChanged', (chainId: unknown) => {
  logEvent(`chainChanged ${String(chainId)}`)
  renderAccount()
})
provider.on('connect', (info: unknown) => {
  logEvent(`connect ${String((info as { chainId?: unknown } | undefined)?.chainId)}`)
  renderAccount()
})
provider.on('disconnect', (error: unknown) => {
  logEvent(`disconnect ${String((error as { code?: unknown } | undefined)?.code)}`)
  renderAccount()
})

// The header button is what users click: connect when disconnected, otherwise open the account view.
onClick(ui.accountButton, () =>
  walletFrame.getAccount().isConnected ? walletFrame.open() : walletFrame.connect(),
)
onClick(ui.connect, () => walletFrame.connect())
onClick(ui.disconnect, () => walletFrame.disconnect())

onClick(ui.signMessage, async () => {
  ui.signature.textContent = '—'
  ui.signatureValid.textContent = '—'
  const address = connectedAddress()
  const signature = (await provider.request({
    method: 'personal_sign',
    params: [toHex(MESSAGE), address],
  })) as Hex
  ui.signature.textContent = signature
  // Through the chain (the provider's reads), so that a smart account's signature verifies too:
  // ERC-1271 once deployed, ERC-6492 before.
  const valid = await createPublicClient({ transport: custom(provider) })
    .verifyMessage({ address, message: MESSAGE, signature })
    .catch(() => false)
  ui.signatureValid.textContent = valid ? 'valid' : 'invalid'
})

onClick(ui.sendTransaction, async () => {
  ui.txHash.textContent = '—'
  const transaction = { from: connectedAddress(), to: RECIPIENT, value: toHex(parseEther('0.01')) }
  ui.txHash.textContent = String(
    await provider.request({ method: 'eth_sendTransaction', params: [transaction] }),
  )
})

// An ERC-20 transfer through the same provider: the token's `transfer` call as transaction data.
const { token } = config
if (token) {
  ui.sendToken.hidden = false
  ui.sendToken.textContent = `Send 1 ${token.symbol}`
}
onClick(ui.sendToken, async () => {
  if (!token) return
  ui.txHash.textContent = '—'
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [RECIPIENT, parseUnits('1', token.decimals)],
  })
  const transaction = { from: connectedAddress(), to: token.address, data }
  ui.txHash.textContent = String(
    await provider.request({ method: 'eth_sendTransaction', params: [transaction] }),
  )
})

// Buy through the modal's on-ramp (a sandbox provider in the local stack).
onClick(ui.buyCrypto, () => walletFrame.open({ view: 'OnRamp' }))
// The modal's Swap view (it asks to connect first when no wallet is).
onClick(ui.openSwap, () => walletFrame.open({ view: 'Swap' }))

onClick(ui.switchNetwork, () => walletFrame.switchNetwork(`eip155:${ui.networkSelect.value}`))

onClick(ui.themeToggle, async () => {
  const next = themeMode === 'light' ? 'dark' : 'light'
  await walletFrame.setThemeMode(next)
  themeMode = next
  ui.themeToggle.textContent = `Modal theme: ${themeMode}`
})

renderAccount()
