/**
 * update() and extend() resolve once the wallet's publish is accepted and hand back
 * `acknowledged()`, which waits for the dapp's answer. Every published 2.x (2.17.1 to 2.25.0, and
 * walletkit through it) builds that promise so that an answer handled before `acknowledged()` is
 * called is dropped, and it then never resolves. Our relay writes the publish's ack before the
 * dapp even has the request (apps/relay/README.md, "Acknowledge, then deliver"), but a client
 * process that is busy for a few milliseconds reads the ack and the dapp's answer in one chunk,
 * and the SDK may handle the answer first. The SDK announces the answer on its engine events
 * (`session_update:<id>`) whatever happens to the promise; this records those announcements, so
 * an acknowledgement the SDK took too early is recognised rather than waited for in vain.
 */
import type { SignClientLike } from './clients.ts'

type Acknowledged = { acknowledged(): Promise<unknown> }
type Kind = 'session_update' | 'session_extend'

export class AcknowledgementError extends Error {}

export class Acknowledgements {
  private readonly seen: Array<{ kind: string; error?: { message: string } }> = []

  constructor(client: SignClientLike) {
    const { events } = client.engine
    const emit = events.emit.bind(events)
    events.emit = (event: string, ...args: unknown[]) => {
      const kind = event.split(':')[0]
      if (event.includes(':') && (kind === 'session_update' || kind === 'session_extend'))
        this.seen.push({ kind, error: (args[0] as { error?: { message: string } } | undefined)?.error })
      return emit(event, ...args)
    }
  }

  /** Sends with `send`, then waits for the dapp's answer: through `acknowledged()` unless it came early. */
  async around(kind: Kind, send: () => Promise<Acknowledged>): Promise<{ early: boolean }> {
    const from = this.seen.length
    const { acknowledged } = await send()
    const early = this.seen.slice(from).find((entry) => entry.kind === kind)
    if (!early) {
      await acknowledged()
      return { early: false }
    }
    if (early.error) throw new AcknowledgementError(`the dapp refused ${kind}: ${early.error.message}`)
    return { early: true }
  }
}
