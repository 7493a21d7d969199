/**
 * The per-topic mailbox: what makes delivery at-least-once. Every published message stays until
 * its ttl ends and goes to every subscriber of its topic except its publisher; each client id acks
 * what it received, and a (re)subscribe delivers only what that client id has not acked.
 * `store` throws a -32005 RelayError when the topic or the publisher has no room left.
 */
import { RELAY_MESSAGE_HOLD_MS } from '@walletframe/protocol'
import { sha256Hex } from './hash.ts'

export interface RelayMessage {
  /** sha256 of topic and ciphertext: a publish the client retries is stored once. */
  id: string
  topic: string
  message: string
  tag: number
  /** Client id of the publisher, who never gets its own message back. */
  publisher: string
  publishedAt: number
  expiresAt: number
}

/** How long a stored message stays held at most (the protocol's, shared by every relay process). */
export const MAX_HOLD_MS = RELAY_MESSAGE_HOLD_MS

export interface Mailbox {
  /**
   * False when the same message is already stored on its topic (a retried publish). A new message
   * is held: stored, but not yet among `unacked`, until `release` (its publisher has its ack).
   */
  store(message: RelayMessage): Promise<boolean>
  /**
   * Makes held messages due. Until then a subscribe's delivery of stored messages, a fetch or a
   * resync cannot hand a subscriber a message whose publisher has not heard its acknowledgement
   * (sign-client listens for the answer only once its publish is acknowledged).
   */
  release(messages: RelayMessage[]): Promise<void>
  /** Live, released messages on the topic that `clientId` neither published nor acked, oldest first. */
  unacked(topic: string, clientId: string): Promise<RelayMessage[]>
  ack(clientId: string, message: RelayMessage): Promise<void>
  /** What the mailbox holds (the metrics); on Redis, the whole deployment's. */
  stats?(): MailboxStats | Promise<MailboxStats>
  close(): Promise<void>
}

export interface MailboxStats {
  storedBytes: number
  storedMessages: number
  /** Messages dropped before their ttl ended to make room for newer ones. */
  evictedMessages: number
}

/** What a message counts against the byte limits: its text and a fixed share for the rest. */
export const storedBytes = (message: RelayMessage): number => message.message.length + 256

export function createMessage(input: {
  topic: string
  message: string
  ttlSeconds: number
  tag: number
  publisher: string
  now?: number
}): RelayMessage {
  const publishedAt = input.now ?? Date.now()
  return {
    id: sha256Hex(`${input.topic}\n${input.message}`),
    topic: input.topic,
    message: input.message,
    tag: input.tag,
    publisher: input.publisher,
    publishedAt,
    expiresAt: publishedAt + input.ttlSeconds * 1000,
  }
}

/** What the publisher and the unacked filter agree on; shared by both mailbox implementations. */
export const isDueFor = (message: RelayMessage, clientId: string, now: number, held: boolean): boolean =>
  message.publisher !== clientId &&
  message.expiresAt > now &&
  !(held && now - message.publishedAt < MAX_HOLD_MS)
