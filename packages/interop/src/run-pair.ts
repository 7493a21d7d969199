/**
 * Runs one pair of the matrix: a fresh relay, a dapp and a wallet process of the given versions,
 * then the steps of scenario.ts in order, timed. After a failed step the rest are skipped, since
 * each needs the session; whether any client reached beyond the relay is checked in any case.
 */
import { performance } from 'node:perf_hooks'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ClientProcess } from './client-process.ts'
import type { ClientSpec } from './clients.ts'
import { MatrixRelay } from './matrix-relay.ts'
import {
  CHAIN,
  type PairResult,
  type Session,
  START_MS,
  STEP_RUNS,
  type StepName,
  type StepResult,
  type StepRun,
} from './scenario.ts'

async function timed(run: () => Promise<unknown>): Promise<StepResult> {
  const started = performance.now()
  try {
    // A step answers a string when it passed with something to flag (EARLY_ACK).
    const note = await run()
    const ms = Math.round(performance.now() - started)
    return typeof note === 'string' ? { ok: true, ms, note } : { ok: true, ms }
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: (error as Error).message }
  }
}

/** Starts the two client processes on a fresh relay; `init` is the `start` step. */
export async function startPair(dappSpec: ClientSpec, walletSpec: ClientSpec) {
  const relay = await MatrixRelay.start()
  const dapp = ClientProcess.start(dappSpec, 'dapp')
  const wallet = ClientProcess.start(walletSpec, 'wallet')
  const walletKey = generatePrivateKey()
  const account = privateKeyToAccount(walletKey)
  const s: Session = {
    dapp,
    wallet,
    relay,
    account,
    second: privateKeyToAccount(generatePrivateKey()),
    topic: '',
    dappId: '',
  }
  const init = async () => {
    const [started] = await Promise.all([
      dapp.call(
        'init',
        { relayUrl: relay.url, role: 'dapp', chain: CHAIN, privateKey: generatePrivateKey() },
        START_MS,
      ),
      wallet.call(
        'init',
        { relayUrl: relay.url, role: 'wallet', chain: CHAIN, privateKey: walletKey },
        START_MS,
      ),
    ])
    s.dappId = started.clientId
  }
  const close = async () => {
    await Promise.all([dapp.close(), wallet.close()])
    await relay.stop()
  }
  return { session: s, init, close }
}

export async function runPair(dappSpec: ClientSpec, walletSpec: ClientSpec): Promise<PairResult> {
  const result: PairResult = { dapp: dappSpec.label, wallet: walletSpec.label, steps: {} }
  const { session, init, close } = await startPair(dappSpec, walletSpec)
  try {
    result.steps.start = await timed(init)
    for (const [name, run] of Object.entries(STEP_RUNS) as [StepName, StepRun][]) {
      if (!result.steps.start.ok) break
      const step = await timed(() => run(session))
      result.steps[name] = step
      if (!step.ok) break
    }
    const calls = [...session.dapp.reported('cloud_call'), ...session.wallet.reported('cloud_call')]
    result.steps.offline = calls.length
      ? { ok: false, ms: 0, error: `requests outside the relay: ${calls.map((c) => c.url).join(', ')}` }
      : { ok: true, ms: 0 }
    return result
  } finally {
    await close()
  }
}
