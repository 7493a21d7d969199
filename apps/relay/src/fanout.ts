/**
 * Fan-out between relay processes: a message published on one relay must reach subscribers
 * connected to the others. The publishing relay delivers to its own sockets directly and, once the
 * publisher's acknowledgement is written, announces the stored message to the other relays.
 */
import type { RelayMessage } from './mailbox.ts'

export interface Fanout {
  /** Tells the other relay processes of a message stored in the shared mailbox. */
  announce(message: RelayMessage): Promise<void>
  /** Messages other relay processes stored. */
  onMessage(handler: (message: RelayMessage) => void): void
  /**
   * Called after the fan-out was cut off and is back: messages published meanwhile never reached
   * this relay, so it redelivers from the mailbox.
   */
  onResync(handler: () => void): void
  close(): Promise<void>
}

/** A single relay process: there is nobody else to hear from. */
export const noFanout: Fanout = {
  announce: async () => {},
  onMessage: () => {},
  onResync: () => {},
  close: async () => {},
}

/**
 * What the fan-out publishes for each new message: the publishing relay's id (it already
 * delivered locally and skips its own announcements), a newline, then the message JSON.
 */
export const announcement = (relayId: string, messageJson: string) => `${relayId}\n${messageJson}`

export function parseAnnouncement(text: string): { relayId: string; message: RelayMessage } {
  const newline = text.indexOf('\n')
  return { relayId: text.slice(0, newline), message: JSON.parse(text.slice(newline + 1)) as RelayMessage }
}
