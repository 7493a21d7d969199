/**
 * The steps of one pair of the matrix (issue 18, point 2): a session from pairing to disconnect
 * between a dapp and a wallet process over our relay, which is restarted half way. Every step has
 * a deadline and says what went wrong; run-pair.ts runs them in order.
 */
import { verifyMessage } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { answerRequest, MESSAGE, TRANSACTION } from './answers.ts'
import type { ClientProcess } from './client-process.ts'
import { StepError, withDeadline } from './deadline.ts'
import type { MatrixRelay } from './matrix-relay.ts'

export const CHAIN = 'eip155:31337'
const CHAIN_ID = 31337
/** Generous: two cores are shared by the whole suite. A step normally takes milliseconds. */
const DEADLINE_MS = 20_000
/** Process start and SDK load, on a busy machine. */
export const START_MS = 40_000
/** Back within about a second; older clients retry a failed publish on their next heartbeat. */
const RESTART_MS = 20_000

export const STEPS = [
  'start',
  'pair',
  'approve',
  'personal_sign',
  'eth_sendTransaction',
  'update',
  'extend',
  'accountsChanged',
  'ping dapp→wallet',
  'ping wallet→dapp',
  'relay restart',
  'disconnect',
  'offline',
] as const
export type StepName = (typeof STEPS)[number]

export interface StepResult {
  ok: boolean
  ms: number
  error?: string
  /** Passed, with something the table flags (see EARLY_ACK). */
  note?: string
}

/** The note of an update or extend whose acknowledgement the SDK took early (acknowledgements.ts). */
export const EARLY_ACK = 'acknowledged before update()/extend() returned; acknowledged() would never resolve'
export type StepRun = (s: Session) => Promise<unknown>
export interface PairResult {
  dapp: string
  wallet: string
  steps: Partial<Record<StepName, StepResult>>
}

export interface Session {
  dapp: ClientProcess
  wallet: ClientProcess
  relay: MatrixRelay
  account: PrivateKeyAccount
  second: PrivateKeyAccount
  topic: string
  /** The dapp's client id, known once it started. */
  dappId: string
}

function expectThat(ok: boolean, message: string): void {
  if (!ok) throw new StepError(message)
}

const request = (s: Session, method: string, params: unknown[], ms = DEADLINE_MS) =>
  s.dapp.call('request', { topic: s.topic, method, params }, ms)

async function expectSignedMessage(s: Session, answer: unknown) {
  const valid = await verifyMessage({
    address: s.account.address,
    message: { raw: MESSAGE },
    signature: answer as `0x${string}`,
  })
  expectThat(valid, `personal_sign answered ${String(answer)}, not the wallet's signature`)
}

/** The steps after `start`, in order; each reads and fills the session. */
export const STEP_RUNS: Record<Exclude<StepName, 'start' | 'offline'>, StepRun> = {
  async pair(s) {
    const { uri } = await s.dapp.call('propose', {}, DEADLINE_MS)
    await s.wallet.call('pair', { uri }, DEADLINE_MS)
  },
  async approve(s) {
    const session = await s.dapp.call('session', {}, DEADLINE_MS)
    const expected = `${CHAIN}:${s.account.address}`
    expectThat(
      session.accounts.join() === expected,
      `the dapp got accounts ${session.accounts}, not ${expected}`,
    )
    s.topic = session.topic
  },
  async personal_sign(s) {
    await expectSignedMessage(s, (await request(s, 'personal_sign', [MESSAGE, s.account.address])).answer)
  },
  async eth_sendTransaction(s) {
    const { answer } = await request(s, 'eth_sendTransaction', [{ from: s.account.address, ...TRANSACTION }])
    const expected = await answerRequest(s.account, CHAIN_ID, 'eth_sendTransaction', [TRANSACTION])
    expectThat(answer === expected, `eth_sendTransaction answered ${String(answer)}, not ${expected}`)
  },
  async update(s) {
    const accounts = [s.account.address, s.second.address]
    const seen = s.dapp.event('session_update', DEADLINE_MS, (e) => e.topic === s.topic)
    const { early } = await s.wallet.call('update', { topic: s.topic, accounts }, DEADLINE_MS)
    const { accounts: got } = await seen
    expectThat(got.length === 2 && got[1] === `${CHAIN}:${s.second.address}`, `the dapp saw accounts ${got}`)
    return early ? EARLY_ACK : undefined
  },
  async extend(s) {
    const seen = s.dapp.event('session_extend', DEADLINE_MS, (e) => e.topic === s.topic)
    const { early } = await s.wallet.call('extend', { topic: s.topic }, DEADLINE_MS)
    await seen
    return early ? EARLY_ACK : undefined
  },
  async accountsChanged(s) {
    const data = [s.second.address]
    const seen = s.dapp.event('session_event', DEADLINE_MS, (e) => e.name === 'accountsChanged')
    await s.wallet.call('emit', { topic: s.topic, name: 'accountsChanged', data }, DEADLINE_MS)
    const event = await seen
    expectThat(
      JSON.stringify(event.data) === JSON.stringify(data),
      `the dapp got ${JSON.stringify(event.data)}`,
    )
  },
  async 'ping dapp→wallet'(s) {
    const seen = s.wallet.event('session_ping', DEADLINE_MS, (e) => e.topic === s.topic)
    await s.dapp.call('ping', { topic: s.topic }, DEADLINE_MS)
    await seen
  },
  async 'ping wallet→dapp'(s) {
    const seen = s.dapp.event('session_ping', DEADLINE_MS, (e) => e.topic === s.topic)
    await s.wallet.call('ping', { topic: s.topic }, DEADLINE_MS)
    await seen
  },
  /**
   * The relay goes away (both sockets closed, 1001) and the dapp sends a request while it is down.
   * The relay comes back only once the dapp has found it down (refused at the door), so the
   * request is queued in the client for certain: it is published after the dapp reconnects and
   * the wallet fetches it on its own resubscription. The relay restarts with an empty memory, as
   * an in-memory relay does; the answer must reach the dapp on its new socket.
   */
  async 'relay restart'(s) {
    await s.relay.down()
    const answered = request(s, 'personal_sign', [MESSAGE, s.account.address], RESTART_MS)
    await withDeadline(
      s.relay.knockFrom(s.dappId),
      DEADLINE_MS,
      'the dapp did not try the relay while it was down',
    )
    await s.relay.up()
    await expectSignedMessage(s, (await answered).answer)
  },
  async disconnect(s) {
    const seen = s.wallet.event('session_delete', DEADLINE_MS, (e) => e.topic === s.topic)
    await s.dapp.call('disconnect', { topic: s.topic }, DEADLINE_MS)
    await seen
  },
}

/** Pairing to an approved session, as the dapp sees it (the bench's pair→connected). */
export async function connect(s: Session): Promise<void> {
  await STEP_RUNS.pair(s)
  await STEP_RUNS.approve(s)
}

/** One personal_sign round trip, checked (the bench's request round trip). */
export async function signOnce(s: Session): Promise<void> {
  await STEP_RUNS.personal_sign(s)
}
