/**
 * The line-delimited JSON the matrix runner and a client process speak over the child's stdin and
 * stdout: one command per line in, one reply per command and any number of events out. Each
 * client version lives in its own process, so two versions never share a module graph.
 */

export type Role = 'dapp' | 'wallet'

/** The commands a client process understands, with their parameters and results. */
export interface Commands {
  /** Starts the client on the relay; the wallet signs with `privateKey`. Answers the client id. */
  init: {
    params: { relayUrl: string; role: Role; chain: string; privateKey: `0x${string}` }
    result: { clientId: string }
  }
  /** Dapp: proposes an eip155 session and returns its pairing URI. */
  propose: { params: Record<string, never>; result: { uri: string } }
  /** Dapp: waits for the proposal made by `propose` to be approved. */
  session: { params: Record<string, never>; result: { topic: string; accounts: string[] } }
  /** Wallet: pairs; proposals are approved and requests answered as they arrive. */
  pair: { params: { uri: string }; result: Record<string, never> }
  /** Dapp: a session request, resolved with the wallet's answer. */
  request: {
    params: { topic: string; method: string; params: unknown[] }
    result: { answer: unknown }
  }
  /**
   * Wallet: moves the session to `accounts`, resolved once the dapp acknowledged it; `early` when
   * the SDK took the acknowledgement before update() returned (see acknowledgements.ts).
   */
  update: { params: { topic: string; accounts: string[] }; result: { early: boolean } }
  /** Wallet: extends the session, resolved once the dapp acknowledged it; `early` as for update. */
  extend: { params: { topic: string }; result: { early: boolean } }
  /** Wallet: emits a session event. */
  emit: { params: { topic: string; name: string; data: unknown }; result: Record<string, never> }
  /** Either side: pings the peer, resolved with its answer. */
  ping: { params: { topic: string }; result: Record<string, never> }
  disconnect: { params: { topic: string }; result: Record<string, never> }
  /** Closes the socket and timers; the process exits after replying. */
  close: { params: Record<string, never>; result: Record<string, never> }
}

export type CommandName = keyof Commands

export interface CommandLine<C extends CommandName = CommandName> {
  id: number
  command: C
  params: Commands[C]['params']
}

/** What a client process reports unprompted: session events and refused cloud calls. */
export interface Events {
  session_update: { topic: string; accounts: string[] }
  session_extend: { topic: string }
  session_event: { topic: string; name: string; data: unknown }
  session_ping: { topic: string }
  session_delete: { topic: string }
  /** A request to anything but the loopback relay, refused (see worker.ts). */
  cloud_call: { url: string }
}

export type EventName = keyof Events

export type OutLine =
  | { id: number; result: unknown }
  | { id: number; error: string }
  | { event: EventName; data: unknown }

export const WALLET_METHODS = ['personal_sign', 'eth_sendTransaction'] as const
export const WALLET_EVENTS = ['accountsChanged', 'chainChanged'] as const
