/**
 * One open approval (spec §2 ApproveTransaction, §6): the view shows what will be signed; Approve
 * counts only through the clickjacking guard; when the vault is locked (after a reload) the same
 * click runs the passkey unlock, or the user falls back to the recovery code. Reject answers 4001.
 * A cancel from the modal (the handler's signal) closes the view at once.
 */
import { FRAME_ERRORS, PROVIDER_ERRORS, WalletFrameError } from '@walletframe/protocol'
import type { RequestDescription } from '../../approval/describe-request.ts'
import type { KeyVault } from '../../custody/vault.ts'
import type { ClickLike, VisibilityGuard } from '../guard/visibility-guard.ts'
import type { KeyWindow } from '../key-window/open-key-window.ts'
import type { KeyFrameContext } from '../state/frame-context.ts'
import type { ApprovalScreen } from '../state/screens.ts'
import type { WalletModule } from '../wallet/load-wallet.ts'
import { NoDeviceUnlockError } from '../wallet/no-device-unlock.ts'
import { settleSolanaAddress } from './solana-address.ts'
import { userMessage } from './user-message.ts'

export const NOT_VISIBLE_NOTICE =
  'Approve counts only while this approval is fully visible. Please try again.'
export const POINTER_NOT_AT_REST_NOTICE = 'Rest the pointer on the button for a moment, then click again.'

/** What a click the guard refused shows; undefined when it counts. */
function refusal(guard: VisibilityGuard | undefined, click: ClickLike): string | undefined {
  const verdict = guard?.judge(click) ?? 'hidden'
  if (verdict === 'accepted') return undefined
  return verdict === 'pointer' ? POINTER_NOT_AT_REST_NOTICE : NOT_VISIBLE_NOTICE
}
export const VISIBILITY_UNSUPPORTED_NOTICE =
  'This browser cannot confirm that the approval is visible, so it cannot be approved here.'

/**
 * The key window unlocks when this browser kept the device share there, not with a passkey (known
 * from the session before the click, since the popup must open in the click itself).
 */
function unlocksWithKeyWindow(ctx: KeyFrameContext): boolean {
  const unlock = ctx.session.unlock
  if (!unlock?.keyWindow || !ctx.session.address) return false
  return !(unlock.passkey && ctx.passkeys.available)
}

export function requestApproval(
  ctx: KeyFrameContext,
  { wallet, vault }: { wallet: WalletModule; vault: KeyVault },
  description: RequestDescription,
  sign: () => Promise<unknown>,
  signal: AbortSignal,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let guard: VisibilityGuard | undefined
    let settled = false
    const show = (change: Partial<ApprovalScreen>) => {
      const view = ctx.view.get()
      if (view.screen !== current) return
      current = { ...current, ...change }
      ctx.view.set({ ...view, screen: current })
    }
    const finish = (outcome: () => void) => {
      if (settled) return
      settled = true
      guard?.disconnect()
      ctx.view.update((view) => (view.screen === current ? { ...view, screen: { kind: 'idle' } } : view))
      outcome()
    }
    const signAndFinish = async () => {
      try {
        const result = await sign()
        finish(() => resolve(result))
      } catch (error) {
        finish(() => reject(error))
      }
    }
    const unlockThenSign = async (unlock: () => Promise<unknown>) => {
      show({ status: 'working', notice: undefined, error: undefined })
      try {
        if (!vault.isUnlocked) {
          await unlock()
          await settleSolanaAddress(ctx, vault)
        }
      } catch (error) {
        if (settled) return
        const noPasskey = error instanceof NoDeviceUnlockError
        return show({ status: noPasskey ? 'recovery' : 'ready', error: userMessage(error) })
      }
      if (!settled) await signAndFinish()
    }
    let current: ApprovalScreen = {
      kind: 'approval',
      description,
      dapp: ctx.dapp,
      status: 'ready',
      visibilityUnsupported: false,
      locked: !vault.isUnlocked,
      attachGuard(attached) {
        guard = attached
        if (!attached.supported) show({ visibilityUnsupported: true, notice: VISIBILITY_UNSUPPORTED_NOTICE })
      },
      approve(click) {
        if (settled || current.status !== 'ready') return
        const refused = refusal(guard, click)
        if (refused) return show({ notice: refused })
        let keyWindow: KeyWindow | undefined
        try {
          // Before any await: the key window, a popup, needs this click's activation.
          if (!vault.isUnlocked && unlocksWithKeyWindow(ctx)) keyWindow = ctx.openKeyWindow()
        } catch (error) {
          return show({ status: 'recovery', error: userMessage(error) })
        }
        void unlockThenSign(async () => {
          const user = keyWindow
            ? await wallet.unlockWithKeyWindow({ server: ctx.server, vault }, keyWindow, ctx.session.address!)
            : await wallet.unlockWithPasskey({ ...ctx, vault })
          ctx.session = { ...ctx.session, email: user.email, address: user.address }
        })
      },
      reject() {
        finish(() => reject(new WalletFrameError(PROVIDER_ERRORS.userRejected)))
      },
      showRecoveryForm() {
        if (!settled) show({ status: 'recovery', error: undefined })
      },
      useRecoveryCode(code, click) {
        if (settled || current.status !== 'recovery') return
        const refused = refusal(guard, click)
        if (refused) return show({ notice: refused })
        void unlockThenSign(() => wallet.unlockWithRecoveryCode({ server: ctx.server, vault }, code))
      },
    }
    signal.addEventListener('abort', () =>
      finish(() => reject(new WalletFrameError(FRAME_ERRORS.requestAborted))),
    )
    ctx.view.update((view) => ({ ...view, screen: current }))
  })
}
