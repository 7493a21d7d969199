/**
 * A plain page driven by wagmi's own actions: every button is one action, and what the page shows
 * comes from wagmi's state (watchConnection, watchConnectors), never from WalletFrame directly.
 */
import {
  type Connector,
  connect,
  disconnect,
  getCapabilities,
  getConnection,
  getConnectors,
  reconnect,
  sendTransaction,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
  watchConnection,
  watchConnectors,
} from '@wagmi/core'
import { walletFrame } from '@walletframe/wagmi'
import { parseEther } from 'viem'
import { config, devnetA, devnetB } from './config.ts'

const element = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T
const show = (id: string, text: string) => {
  element(id).textContent = text
}

/** Runs one action; its failure is shown in the page (wagmi's errors carry a short message). */
const action = (id: string, run: () => Promise<unknown>) =>
  element<HTMLButtonElement>(id).addEventListener('click', async () => {
    show('error', '')
    try {
      await run()
    } catch (error) {
      show('error', (error as { shortMessage?: string }).shortMessage ?? (error as Error).message)
    }
  })

function renderConnectors(connectors: readonly Connector[]) {
  const buttons = connectors.map((connector) => {
    const button = document.createElement('button')
    button.type = 'button'
    button.textContent = `Connect with ${connector.name}`
    button.dataset.connector = connector.id
    button.addEventListener('click', () => {
      show('error', '')
      // wagmi's `chainId`: the connector switches the wallet to it once connected.
      const chainId = Number(element<HTMLSelectElement>('connect-chain').value)
      connect(config, { connector, chainId }).catch((error) =>
        show('error', error.shortMessage ?? error.message),
      )
    })
    return button
  })
  element('connectors').replaceChildren(...buttons)
}

function renderConnection() {
  const { status, connector, address, chain, chainId } = getConnection(config)
  show('status', status)
  show('connector', connector?.name ?? '')
  show('address', address ?? '')
  show('chain', chainId ? `${chain?.name ?? 'Unknown'} (${chainId})` : '')
  element('connect').hidden = status === 'connected'
  element('actions').hidden = status !== 'connected'
  const other = chainId === devnetA.id ? devnetB : devnetA
  show('switch', `Switch to ${other.name}`)
}

action('sign', async () => {
  show('signature', '')
  show('signature', await signMessage(config, { message: 'hello wagmi' }))
})
action('send', async () => {
  show('tx', '')
  show('receipt', '')
  const { address } = getConnection(config)
  const hash = await sendTransaction(config, { to: address, value: parseEther('0.001') })
  show('tx', hash)
  const receipt = await waitForTransactionReceipt(config, { hash })
  show('receipt', `${receipt.status} in block ${receipt.blockNumber}`)
})
action('switch', async () => {
  const target = getConnection(config).chainId === devnetA.id ? devnetB : devnetA
  await switchChain(config, { chainId: target.id })
})
action('capabilities', async () => {
  show('capabilities-result', JSON.stringify(await getCapabilities(config)))
})
// The connector's own SDK instance, for what wagmi has no action for: WalletFrame's Account view.
action('account', async () => {
  const { connector } = getConnection(config)
  if (connector?.type === walletFrame.type)
    await (connector as Connector<ReturnType<typeof walletFrame>>).getWalletFrame().open({ view: 'Account' })
})
action('disconnect', () => disconnect(config))

element('connect-chain').replaceChildren(...config.chains.map((c) => new Option(c.name, String(c.id))))
renderConnectors(getConnectors(config))
watchConnectors(config, { onChange: renderConnectors })
renderConnection()
watchConnection(config, { onChange: renderConnection })
// A reload of a connected page: wagmi asks each connector; WalletFrame answers without its modal.
reconnect(config).then(
  (connections) => show('restored', connections.map((c) => c.connector.name).join(', ') || 'nothing'),
  (error) => show('error', error.shortMessage ?? error.message),
)
