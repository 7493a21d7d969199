import type { KeyServerClient } from './key-server-client.ts'

type Answered<T> = Exclude<T, { state: 'pending' }>

/**
 * Asks a long-polled route again until it has answered: the server holds each request until there
 * is news or its wait runs out (`pending`); the modal stops the asking through `signal`.
 */
export async function askUntilAnswered<T extends { state: string }>(
  server: KeyServerClient,
  path: string,
  body: unknown,
  signal: AbortSignal,
): Promise<Answered<T>> {
  for (;;) {
    const answer = await server.post<T>(path, body, signal)
    signal.throwIfAborted()
    if (answer.state !== 'pending') return answer as Answered<T>
  }
}
