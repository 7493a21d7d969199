/**
 * Readers in chunks of their own, fetched when first used: only the Account view reads a
 * delegation, and only an embedded wallet's dapp asks for a bundle's status (bench: modal initial JS).
 */
import { EIP7702_DELEGATE_ADDRESS } from '@walletframe/protocol'
import type { createDelegationReader } from '../features/account/delegation.ts'
import type { createCallsStatus } from '../features/calls/calls-status.ts'

type Context = Omit<Parameters<typeof createDelegationReader>[0], 'trusted'> &
  Parameters<typeof createCallsStatus>[0]

export function lazyReaders(context: Context) {
  let delegation: Promise<{ load(): Promise<void> }> | undefined
  let callsStatus: Promise<{ show(id: string): void }> | undefined
  return {
    async loadDelegation() {
      delegation ??= import('../features/account/delegation.ts').then((m) =>
        m.createDelegationReader({ ...context, trusted: EIP7702_DELEGATE_ADDRESS }),
      )
      await (await delegation).load()
    },
    async showCallsStatus(id: string) {
      callsStatus ??= import('../features/calls/calls-status.ts').then((m) => m.createCallsStatus(context))
      ;(await callsStatus).show(id)
    },
  }
}
