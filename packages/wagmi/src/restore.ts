/**
 * Where a reload leaves the connection. On a reload of a connected page the SDK restores the
 * session by itself (spec §4 "Connection": the stored status is `connecting` while the modal
 * re-syncs, then `connected` or not); nothing here opens the modal.
 */
import type { AccountState, WalletFrame } from '@walletframe/sdk'

/**
 * The account once the restore, if any, is over. The modal's first answer comes after the account
 * it announced at the handshake (the channel keeps order), so by then a restore has begun if there
 * is one; `eth_chainId` is answered by the modal itself and never prompts.
 */
export async function settledAccount(wf: WalletFrame): Promise<AccountState> {
  await wf.request({ method: 'eth_chainId' })
  return new Promise((resolve) => {
    const now = wf.getAccount()
    if (now.status !== 'connecting') return resolve(now)
    const stop = wf.subscribeAccount((account) => {
      if (account.status === 'connecting') return
      stop()
      resolve(account)
    })
  })
}
