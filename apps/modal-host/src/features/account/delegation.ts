/**
 * The EIP-7702 delegation of the connected EOA (issue 14 point 4): while an EOA delegates, its code
 * is the designator `0xef0100 ‖ delegate`. The Account view shows the delegate, and warns when it
 * is not the code the wallet trusts (the protocol's EIP7702_DELEGATE_ADDRESS): code the user does
 * not know can move everything the account holds.
 */
import type { Network } from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type { SessionState } from '../core/index.ts'
import type { RpcRead } from '../rpc/index.ts'

export interface Delegation {
  /** `chainId:address` of the account it was read for. */
  key: string
  /** The code the EOA delegates to. */
  delegate: string
  /** It is the delegate the wallet trusts. */
  trusted: boolean
}

const DESIGNATOR = /^0xef0100([0-9a-f]{40})$/i

/** The delegate named by an account's code, when that code is an EIP-7702 designator. */
export function delegateOf(code: unknown): string | undefined {
  const match = typeof code === 'string' ? DESIGNATOR.exec(code) : null
  return match ? `0x${match[1]!.toLowerCase()}` : undefined
}

/** The delegation an account's code shows, judged against the delegate the wallet trusts. */
export function delegationOf(code: unknown, key: string, trusted: string): Delegation | undefined {
  const delegate = delegateOf(code)
  return delegate ? { key, delegate, trusted: delegate === trusted.toLowerCase() } : undefined
}

const keyOf = (account: SessionState['account']) => `${account.chainId}:${account.address?.toLowerCase()}`

export function createDelegationReader(context: {
  store: Store<SessionState>
  findNetwork(chainId: number | undefined): Network | undefined
  read: RpcRead
  /** The delegate the wallet trusts: EIP7702_DELEGATE_ADDRESS (passed in, so this chunk stays small). */
  trusted: string
  log(message: string): void
}) {
  const { store } = context
  return {
    /** Reads the connected account's code again; a smart account is not an EOA and has none to show. */
    async load(): Promise<void> {
      const { account } = store.get()
      const network = context.findNetwork(account.chainId)
      if (account.status !== 'connected' || !account.address || !network || account.type === 'smartAccount')
        return store.set({ delegation: undefined })
      const key = keyOf(account)
      try {
        const code = await context.read(network, 'eth_getCode', [account.address, 'latest'])
        // The account may have changed while its code was read.
        if (keyOf(store.get().account) === key)
          store.set({ delegation: delegationOf(code, key, context.trusted) })
      } catch (error) {
        context.log(`delegation not read: ${(error as Error).message}`)
      }
    },
  }
}
