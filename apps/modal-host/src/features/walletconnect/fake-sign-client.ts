/**
 * Test support (co-located tests only): a sign-client stand-in behind the connector's
 * `SignClientLike`, with the test playing the wallet — it approves or rejects proposals, answers
 * requests, and emits session events.
 */
import { vi } from 'vitest'
import type { SignClientLike, WcConnectParams, WcEvent, WcSession } from './sign-client-surface.ts'

export const WALLET_ADDRESS = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
export const OTHER_ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

export interface Proposal {
  uri: string
  params: WcConnectParams
  approve(session?: Partial<WcSession>): WcSession
  reject(error: unknown): void
}

let topicCounter = 0

export function fakeSession(overrides: Partial<WcSession> = {}, chains = [31337, 31338]): WcSession {
  topicCounter++
  return {
    topic: `topic-${topicCounter}`,
    expiry: Math.floor(Date.now() / 1000) + 7 * 24 * 3600,
    acknowledged: true,
    namespaces: {
      eip155: {
        chains: chains.map((id) => `eip155:${id}`),
        accounts: chains.map((id) => `eip155:${id}:${WALLET_ADDRESS}`),
        methods: [
          'personal_sign',
          'eth_signTypedData_v4',
          'eth_sendTransaction',
          'wallet_switchEthereumChain',
          'wallet_getCapabilities',
        ],
        events: ['accountsChanged', 'chainChanged'],
      },
    },
    peer: { metadata: { name: 'Fake Wallet', url: 'https://wallet.example', icons: [] } },
    ...overrides,
  }
}

export function createFakeSignClient(options: { stored?: WcSession[] } = {}) {
  const listeners: Array<(event: WcEvent) => void> = []
  const sessions: WcSession[] = [...(options.stored ?? [])]
  const proposals: Proposal[] = []
  const requests: Array<Parameters<SignClientLike['request']>[0]> = []
  let answer: (request: Parameters<SignClientLike['request']>[0]) => Promise<unknown> = async () => '0xresult'

  const client: SignClientLike = {
    connect: vi.fn(async (params: WcConnectParams) => {
      let resolve!: (session: WcSession) => void
      let reject!: (error: unknown) => void
      const approval = new Promise<WcSession>((res, rej) => {
        resolve = res
        reject = rej
      })
      const uri = `wc:pairing-${proposals.length + 1}@2?relay-protocol=irn&symKey=00`
      proposals.push({
        uri,
        params,
        approve(overrides) {
          const session = fakeSession(overrides)
          sessions.push(session)
          resolve(session)
          return session
        },
        reject,
      })
      return { uri, approval: () => approval }
    }),
    request: vi.fn(async (params) => {
      requests.push(params)
      return answer(params)
    }),
    disconnect: vi.fn(async ({ topic }) => {
      const index = sessions.findIndex((s) => s.topic === topic)
      if (index !== -1) sessions.splice(index, 1)
    }),
    sessions: () => sessions,
    onEvent: (listener) => listeners.push(listener),
  }
  return {
    client,
    proposals,
    requests,
    sessions,
    answerWith(handler: typeof answer) {
      answer = handler
    },
    /** The wallet side emits a session event, as sign-client delivers it. */
    emit(event: WcEvent) {
      for (const listener of listeners) listener(event)
    },
  }
}
export type FakeSignClient = ReturnType<typeof createFakeSignClient>
