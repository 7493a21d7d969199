/**
 * The send flow of the connected account: the send machine with the session's data API, the
 * network's RPC and the connected wallet behind it. One per account and chain, kept by the session
 * while its views come and go (form, preview, the embedded wallet's approval).
 */
import {
  ANALYTICS_EVENTS,
  API_ERRORS,
  MODAL_ERRORS,
  UI_MESSAGES,
  WalletFrameError,
} from '@walletframe/protocol'
import { type Actor, createActor, fromPromise } from 'xstate'
import type { Session } from '../core/index.ts'
import { jsonRpc } from '../rpc/index.ts'
import { sendMachine } from './send.machine.ts'
import type { SendTransaction } from './send-rules.ts'
import type { Receiver } from './send-summary.ts'
import './state.ts'

export type SendFlow = Actor<typeof sendMachine>

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const TX_HASH = /^0x[0-9a-fA-F]{64}$/

/** Without a data API there are no balances, gas price or names to send with. */
const unavailable = () => new WalletFrameError(MODAL_ERRORS.httpFailed, { details: 'no data API' })

export function sendFlow(session: Session): SendFlow | undefined {
  const { account } = session.store.get()
  const network = session.findNetwork(account.chainId)
  if (account.status !== 'connected' || !account.address || !network) return undefined
  const from = account.address
  const api = () => session.dataApi() ?? Promise.reject(unavailable())
  /** Spec §7 `POST /e`: a send's events name its network only, no token, amount or receiver. */
  const track = (
    event:
      | typeof ANALYTICS_EVENTS.sendInitiated
      | typeof ANALYTICS_EVENTS.sendSuccess
      | typeof ANALYTICS_EVENTS.sendError,
  ) => session.track({ event, properties: { network: network.caipNetworkId } })

  const resolveReceiver = async (text: string): Promise<Receiver | undefined> => {
    const client = await api()
    if (EVM_ADDRESS.test(text)) {
      const { name } = await client.identity(text, from)
      return { address: text, ...(name ? { name } : {}) }
    }
    try {
      const address = await client.nameAddress(text)
      return address ? { address, name: text } : undefined
    } catch (error) {
      if ((error as WalletFrameError).reason === API_ERRORS.notFound.reason) return undefined
      throw error
    }
  }

  return session.keep('send', `${from}:${network.id}:${account.type ?? 'eoa'}`, () =>
    createActor(
      sendMachine.provide({
        actors: {
          gasPrice: fromPromise(async () => (await api()).gasPrice(network.id)),
          resolveReceiver: fromPromise(({ input }) => resolveReceiver(input)),
          sendTransaction: fromPromise(async ({ input }: { input: SendTransaction }) => {
            track(ANALYTICS_EVENTS.sendInitiated)
            const hash = await session.walletRequest('eth_sendTransaction', [input])
            if (typeof hash !== 'string' || !TX_HASH.test(hash)) throw new Error('the wallet sent no hash')
            return hash
          }),
          receipt: fromPromise(async ({ input }: { input: string }) => {
            const receipt = await jsonRpc(network.rpcUrls.default.http[0]!, 'eth_getTransactionReceipt', [
              input,
            ])
            return receipt !== null
          }),
        },
        actions: {
          showPreview: () => session.push('WalletSendPreview'),
          // Spec §4 "Sending a token": a confirmation, the state reset (the machine), then Account (§2).
          sent: () => {
            track(ANALYTICS_EVENTS.sendSuccess)
            session.toast('success', UI_MESSAGES.transactionStarted)
            session.tokenSent()
          },
          failed: () => {
            track(ANALYTICS_EVENTS.sendError)
            session.toast('error', UI_MESSAGES.somethingWentWrong)
          },
          mined: () => session.refreshAccount(),
        },
      }),
      // Spec §5: a smart account skips the insufficient-gas rule (its gas may be sponsored).
      { input: { from, accountType: account.type ?? 'eoa' } },
    ).start(),
  )
}
