import { createHash } from 'node:crypto'

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex')

/** The id WalletConnect clients compute for their own subscriptions; the relay answers the same. */
export const subscriptionId = (topic: string, clientId: string): string => sha256Hex(topic + clientId)
