import type { Mailbox, RelayMessage } from '../mailbox.ts'

/** Stores a message and releases it at once, as a relay does once its publisher has the ack. */
export async function storeReleased(mailbox: Mailbox, message: RelayMessage): Promise<boolean> {
  const stored = await mailbox.store(message)
  if (stored) await mailbox.release([message])
  return stored
}
