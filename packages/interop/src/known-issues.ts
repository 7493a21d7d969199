/**
 * Client bugs the matrix has found in published versions, not in our relay: the step may fail for
 * these clients without failing the suite, and the table marks it `known`. Each entry says what
 * the client does wrong, as seen on the wire and in the client's own debug log.
 */
import type { PairResult, StepName } from './scenario.ts'

export interface KnownIssue {
  side: 'dapp' | 'wallet'
  client: string
  step: StepName
  why: string
}

export const KNOWN_ISSUES: readonly KnownIssue[] = [
  {
    side: 'dapp',
    client: 'sign-client 2.17.1',
    step: 'relay restart',
    why:
      'its resubscription runs once, as soon as the socket closes; when the relay is still down ' +
      'it fails ("Unavailable WS RPC url") and is not retried, and the socket its publisher ' +
      'reopens later subscribes to nothing, so the answer waits in the mailbox unread',
  },
  {
    side: 'dapp',
    client: 'sign-client 2.20.2',
    step: 'relay restart',
    why:
      'a request sent while the relay is down makes its publisher and its resubscription both ' +
      'connect; the publisher retries after the other attempt succeeded and replaces the socket ' +
      'holding the subscriptions without closing it ("Restore will override"), so the answer is ' +
      'delivered to a socket the client no longer reads',
  },
]

export function knownIssue(result: PairResult, step: StepName): KnownIssue | undefined {
  return KNOWN_ISSUES.find(
    (issue) => issue.step === step && issue.client === (issue.side === 'dapp' ? result.dapp : result.wallet),
  )
}
