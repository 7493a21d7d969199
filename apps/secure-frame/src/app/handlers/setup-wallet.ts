/**
 * frame.setupWallet: after a new user's email code the modal shows this frame; the user's click
 * (the gesture a passkey or a popup needs here) makes the wallet with the device share kept by a
 * passkey's PRF or by the key window; the recovery code is shown once; the request resolves with
 * the new address. The vault stays unlocked for this page's life.
 */
import { FRAME_ERRORS, type FrameChannel, type Messenger, WalletFrameError } from '@walletframe/protocol'
import type { Address } from 'viem'
import { userMessage } from '../approval/user-message.ts'
import type { KeyWindow } from '../key-window/open-key-window.ts'
import type { KeyFrameContext } from '../state/frame-context.ts'
import type { SetupScreen } from '../state/screens.ts'
import { loadWallet } from '../wallet/load-wallet.ts'

export const RECOVERY_ONLY_NOTICE =
  'This browser keeps no key for your wallet. Your recovery code is the only way to sign after this page reloads.'

export function handleSetupWallet(messenger: Messenger<'child', FrameChannel>, ctx: KeyFrameContext): void {
  messenger.handle('frame.setupWallet', (_, { signal }) => {
    if (!ctx.session.email && !ctx.session.userName) throw new WalletFrameError(FRAME_ERRORS.notSignedIn)
    return new Promise<{ address: Address }>((resolve, reject) => {
      let created: Address | undefined
      let recoveryCode: string | undefined
      let unkept: Uint8Array | undefined
      const show = (change: Partial<SetupScreen>) =>
        ctx.view.update((view) => ({
          ...view,
          screen: { ...(view.screen.kind === 'setup' ? view.screen : screen), ...change },
        }))
      const current = () => {
        const shown = ctx.view.get().screen
        return shown.kind === 'setup' ? shown : screen
      }
      const close = () => ctx.view.update((view) => ({ ...view, screen: { kind: 'idle' } }))
      const dropUnkept = () => {
        unkept?.fill(0)
        unkept = undefined
      }
      const saveCode = (change: Partial<SetupScreen> = {}) =>
        show({
          step: 'saveCode',
          busy: false,
          error: undefined,
          ...(recoveryCode ? { recoveryCode } : {}),
          ...change,
        })
      /** Runs `work` on the wallet chunk; a failure shows its message on the step. */
      const run = (work: (wallet: Awaited<ReturnType<typeof loadWallet>>) => Promise<void>) => {
        show({ busy: true, error: undefined })
        loadWallet(ctx)
          .then(work)
          .catch((error: unknown) => show({ busy: false, error: userMessage(error) }))
      }
      const screen: SetupScreen = {
        kind: 'setup',
        step: 'start',
        busy: false,
        passkeysAvailable: ctx.passkeys.available,
        create() {
          if (ctx.view.get().screen.kind !== 'setup' || created || current().busy) return
          let keyWindow: KeyWindow | undefined
          try {
            // Before any await: the popup needs this click's activation.
            if (!ctx.passkeys.available) keyWindow = ctx.openKeyWindow()
          } catch (error) {
            return show({ error: userMessage(error) })
          }
          run(async ({ wallet, vault }) => {
            const custody = keyWindow
              ? wallet.keyWindowCustody(ctx.server, keyWindow)
              : wallet.passkeyCustody(ctx.server, ctx.passkeys)
            const made = await wallet.createWallet({ server: ctx.server, custody, vault })
            created = made.address
            recoveryCode = made.recoveryCode
            unkept = made.unkeptDeviceShare
            ctx.session = {
              ...ctx.session,
              address: made.address,
              solanaAddress: made.solanaAddress,
              unlock: { passkey: !keyWindow && !unkept, keyWindow: Boolean(keyWindow) },
            }
            if (unkept) show({ step: 'keyWindow', busy: false, error: undefined })
            else saveCode()
          })
        },
        keepInKeyWindow() {
          const share = unkept
          if (!created || !share || current().busy) return
          let keyWindow: KeyWindow
          try {
            keyWindow = ctx.openKeyWindow()
          } catch (error) {
            return show({ error: userMessage(error) })
          }
          const address = created
          run(async ({ wallet }) => {
            const custody = wallet.keyWindowCustody(ctx.server, keyWindow)
            try {
              await custody.prepare()
              await custody.keep(address, share)
            } finally {
              custody.release()
            }
            dropUnkept()
            ctx.session = { ...ctx.session, unlock: { passkey: false, keyWindow: true } }
            saveCode()
          })
        },
        skipKeyWindow() {
          if (!created) return
          dropUnkept()
          saveCode({ recoveryOnlyNotice: RECOVERY_ONLY_NOTICE })
        },
        confirmSaved() {
          if (!created || !recoveryCode) return
          // The code leaves the screen (and memory) now: it is shown once.
          recoveryCode = undefined
          close()
          resolve({ address: created })
        },
      }
      signal.addEventListener('abort', () => {
        dropUnkept()
        close()
        reject(new WalletFrameError(FRAME_ERRORS.requestAborted))
      })
      ctx.view.update((view) => ({ ...view, screen }))
    })
  })
}
