import type { Server } from 'node:http'
import type { Address } from '@solana/kit'
import { RPC_ERRORS } from '@walletframe/protocol'
import { type WebSocket, WebSocketServer } from 'ws'
import { accountJson } from './accounts.ts'
import type { LocalSolanaChain, RecordedTransaction } from './chain.ts'
import { RPC_ERROR_CODES, SolanaRpcError } from './errors.ts'
import { failure, stringify } from './json.ts'
import { Params } from './params.ts'

/** What one subscription does when a transaction lands; true when it is done (a signature's). */
type Subscription = (landed: RecordedTransaction) => boolean

/**
 * The validator's PubSub on WebSocket, on the same port as the HTTP RPC: signatureSubscribe,
 * slotSubscribe and accountSubscribe with their unsubscribes, which `@solana/kit`'s
 * `sendAndConfirmTransactionFactory` and wallets' confirmation use. Slots only advance when a
 * transaction lands (chain.ts), so slot notifications come with each landed transaction.
 */
export function serveSubscriptions(server: Server, chain: LocalSolanaChain): { close(): Promise<void> } {
  const wss = new WebSocketServer({ server })
  wss.on('connection', (socket) => connection(socket, chain))
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate()
        wss.close(() => resolve())
      }),
  }
}

function connection(socket: WebSocket, chain: LocalSolanaChain): void {
  const subscriptions = new Map<number, Subscription>()
  let nextId = 0
  const notify = (method: string, subscription: number, result: unknown) =>
    socket.send(stringify({ jsonrpc: '2.0', method, params: { result, subscription } }))
  const context = (slot: bigint) => ({ slot })

  const stop = chain.onBlock((landed) => {
    for (const [id, subscription] of subscriptions) if (subscription(landed)) subscriptions.delete(id)
  })
  socket.on('close', stop)

  const methods: Record<string, (params: Params, values: readonly unknown[]) => unknown> = {
    signatureSubscribe: (params) => {
      const signature = params.string(0, 'signature')
      params.config(1)
      const id = nextId++
      const done = (landed: RecordedTransaction) => {
        notify('signatureNotification', id, { context: context(landed.slot), value: { err: landed.err } })
        return true
      }
      const landed = chain.transaction(signature)
      // Already final: notified after the answer, in a later write (a client attaches its listener
      // once it has read the subscription id), and the subscription ends, as on a validator.
      if (landed) setTimeout(() => socket.readyState === socket.OPEN && done(landed), 0)
      else subscriptions.set(id, (tx) => tx.signature === signature && done(tx))
      return id
    },
    slotSubscribe: () => {
      const id = nextId++
      subscriptions.set(id, (landed) => {
        notify('slotNotification', id, { parent: landed.slot - 1n, root: landed.slot, slot: landed.slot })
        return false
      })
      return id
    },
    accountSubscribe: (params) => {
      const address: Address = params.address(0, 'pubkey')
      const encoding = params.config(1).accountEncoding('base64')
      const id = nextId++
      subscriptions.set(id, (landed) => {
        if (!landed.message.staticAccounts.includes(address)) return false
        const account = chain.svm.getAccount(address)
        const value = account.exists ? accountJson(account, encoding, (a) => chain.svm.getAccount(a)) : null
        notify('accountNotification', id, { context: context(landed.slot), value })
        return false
      })
      return id
    },
  }
  for (const kind of ['signature', 'slot', 'account']) {
    methods[`${kind}Unsubscribe`] = (params) =>
      subscriptions.delete(Number(params.integer(0, 'subscription id')))
  }

  socket.on('message', (data) => {
    let call: { id?: unknown; method?: unknown; params?: unknown }
    try {
      call = JSON.parse(String(data))
    } catch {
      return socket.send(
        stringify(failure(null, new SolanaRpcError(RPC_ERROR_CODES.parseError, RPC_ERRORS.parse.message))),
      )
    }
    const id = call?.id ?? null
    const method =
      typeof call?.method === 'string' && Object.hasOwn(methods, call.method)
        ? methods[call.method]
        : undefined
    if (!method) {
      const error = new SolanaRpcError(
        RPC_ERROR_CODES.methodNotFound,
        `${RPC_ERRORS.methodNotFound.message}: ${String(call?.method)}`,
      )
      return socket.send(stringify(failure(id, error)))
    }
    const values = Array.isArray(call.params) ? call.params : []
    try {
      socket.send(stringify({ jsonrpc: '2.0', id, result: method(new Params(values), values) }))
    } catch (error) {
      if (!(error instanceof SolanaRpcError)) throw error
      socket.send(stringify(failure(id, error)))
    }
  })
}
