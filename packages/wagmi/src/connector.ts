/**
 * `walletFrame(options)`: the WalletFrame modal as one wagmi connector. wagmi's actions (connect,
 * signMessage, sendTransaction, switchChain, reconnect, the EIP-5792 calls …) reach the wallet the
 * user picked in the modal through the SDK's EIP-1193 provider; the modal does the rest (spec §4).
 * The SDK is made in the browser only (when wagmi sets the connector up), so a server renders the
 * config without a DOM.
 */
import {
  ChainNotConfiguredError,
  ConnectorNotConnectedError,
  createConnector,
  ProviderNotFoundError,
} from '@wagmi/core'
import { toCaipNetworkId, WALLETFRAME_NAME, WALLETFRAME_RDNS } from '@walletframe/protocol/host'
import {
  createWalletFrame,
  type EIP1193Provider,
  type WalletFrame,
  type WalletFrameOptions,
} from '@walletframe/sdk'
import { type Address, getAddress, SwitchChainError, UserRejectedRequestError } from 'viem'
import { settledAccount } from './restore.ts'

/** WalletFrame's options; `networks` defaults to the wagmi config's chains. */
export type WalletFrameParameters = Omit<WalletFrameOptions, 'networks'> & {
  networks?: WalletFrameOptions['networks']
}

type Properties = {
  /** The SDK instance behind the connector (open the Account view, read the sign-in session …); browser only. */
  getWalletFrame(): WalletFrame
  onConnect(connectInfo: { chainId: string }): void
}

/** wagmi's storage entry saying WalletFrame was connected: without it, a reload has nothing to restore. */
type StorageItem = { 'walletFrame.connected': true }
const CONNECTED_KEY = 'walletFrame.connected'

const inBrowser = () => typeof window !== 'undefined'

/** An EIP-1193 error's code, if it has one. */
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code

walletFrame.type = 'walletFrame' as const

export function walletFrame(parameters: WalletFrameParameters) {
  return createConnector<EIP1193Provider, Properties, StorageItem>((config) => {
    let instance: WalletFrame | undefined
    const sdk = (): WalletFrame => {
      if (!inBrowser()) throw new ProviderNotFoundError()
      instance ??= createWalletFrame({ ...parameters, networks: parameters.networks ?? config.chains })
      return instance
    }
    const connectedAccounts = (): readonly Address[] => {
      const account = sdk().getAccount()
      return account.isConnected && account.address ? [getAddress(account.address)] : []
    }

    // EIP-1193 listeners, bound once: while connected wagmi hears account, chain and disconnect
    // events; while not, `connect` (the user connected in the modal without a wagmi action).
    type Event = 'accountsChanged' | 'chainChanged' | 'disconnect' | 'connect'
    type Listener = Parameters<EIP1193Provider['on']>[1]
    let listening: Record<Event, Listener> | undefined
    const listen = (connected: boolean) => {
      const provider = sdk().getProvider('eip155')
      for (const [event, listener] of Object.entries(listening ?? {})) {
        const forConnected = event !== 'connect'
        provider.removeListener(event as Event, listener)
        if (forConnected === connected) provider.on(event as Event, listener)
      }
    }

    return {
      id: 'walletFrame',
      name: WALLETFRAME_NAME,
      type: walletFrame.type,
      // The rdns the SDK announces over EIP-6963: wagmi then lists no second, injected, WalletFrame.
      rdns: WALLETFRAME_RDNS,

      // wagmi calls it as the config is made (on a server too, where it does nothing).
      async setup() {
        if (!inBrowser()) return
        listening ??= {
          accountsChanged: this.onAccountsChanged.bind(this) as Listener,
          chainChanged: this.onChainChanged.bind(this) as Listener,
          disconnect: this.onDisconnect.bind(this) as Listener,
          connect: this.onConnect.bind(this) as Listener,
        }
        listen(false)
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        const wf = sdk()
        let accounts = connectedAccounts()
        if (isReconnecting) {
          // The SDK restores the session by itself on a reload; the modal is never opened for it.
          if (!accounts.length) accounts = (await this.isAuthorized()) ? connectedAccounts() : []
          if (!accounts.length) throw new ConnectorNotConnectedError()
        } else if (!accounts.length) {
          // Opens the modal; resolves once the user has connected a wallet there.
          const connected = await wf.connect().catch((error) => {
            if (codeOf(error) === UserRejectedRequestError.code) throw new UserRejectedRequestError(error)
            throw error
          })
          accounts = [getAddress(connected.address)]
        }
        listen(true)
        await config.storage?.setItem(CONNECTED_KEY, true)

        let currentChainId = await this.getChainId()
        if (chainId && chainId !== currentChainId) {
          // As wagmi's own connectors: a refused switch fails the connect, any other failure keeps the chain.
          const chain = await this.switchChain!({ chainId }).catch((error) => {
            if (codeOf(error) === UserRejectedRequestError.code) throw error
            return undefined
          })
          currentChainId = chain?.id ?? currentChainId
        }
        return {
          accounts: (withCapabilities
            ? accounts.map((address) => ({ address, capabilities: {} }))
            : accounts) as never,
          chainId: currentChainId,
        }
      },

      async disconnect() {
        listen(false)
        await config.storage?.removeItem(CONNECTED_KEY)
        await sdk().disconnect()
      },

      async getAccounts() {
        return connectedAccounts()
      },

      async getChainId() {
        const account = sdk().getAccount()
        if (account.isConnected && account.chainId) return account.chainId
        // Not connected: the network the modal has active (the default one, or the user's pick).
        return Number(await sdk().getProvider('eip155').request({ method: 'eth_chainId' }))
      },

      async getProvider() {
        return sdk().getProvider('eip155')
      },

      getWalletFrame: sdk,

      async isAuthorized() {
        if (!inBrowser()) return false
        try {
          // Never connected through this config (or disconnected since): nothing to wait for.
          if (config.storage && !(await config.storage.getItem(CONNECTED_KEY))) return false
          return (await settledAccount(sdk())).isConnected
        } catch {
          return false
        }
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        try {
          // The modal checks the network against its list and asks the connected wallet (spec §4).
          await sdk().switchNetwork(toCaipNetworkId('eip155', chainId))
        } catch (error) {
          if (codeOf(error) === UserRejectedRequestError.code)
            throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        config.emitter.emit('change', { chainId })
        return chain
      },

      async onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
      },

      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },

      async onConnect({ chainId }) {
        const accounts = connectedAccounts()
        if (!accounts.length) return
        listen(true)
        await config.storage?.setItem(CONNECTED_KEY, true)
        config.emitter.emit('connect', { accounts, chainId: Number(chainId) })
      },

      async onDisconnect() {
        listen(false)
        await config.storage?.removeItem(CONNECTED_KEY)
        config.emitter.emit('disconnect')
      },
    }
  })
}
