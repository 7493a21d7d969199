/**
 * frame.setupWallet: after a new user's email code the modal shows this frame, the user clicks
 * "Create passkey" (the gesture WebAuthn needs here), saves the recovery code, and the request
 * resolves with the new address. The vault stays unlocked for this page's life.
 */
import { FRAME_ERRORS, type FrameChannel, type Messenger, WalletFrameError } from '@walletframe/protocol'
import type { Address } from 'viem'
import { userMessage } from '../approval/user-message.ts'
import type { KeyFrameContext } from '../state/frame-context.ts'
import type { SetupScreen } from '../state/screens.ts'
import { loadWallet } from '../wallet/load-wallet.ts'

export function handleSetupWallet(messenger: Messenger<'child', FrameChannel>, ctx: KeyFrameContext): void {
  messenger.handle('frame.setupWallet', (_, { signal }) => {
    if (!ctx.session.email) throw new WalletFrameError(FRAME_ERRORS.notSignedIn)
    return new Promise<{ address: Address }>((resolve, reject) => {
      let created: Address | undefined
      const show = (change: Partial<SetupScreen>) =>
        ctx.view.update((view) => ({
          ...view,
          screen: { ...(view.screen.kind === 'setup' ? view.screen : screen), ...change },
        }))
      const close = () => ctx.view.update((view) => ({ ...view, screen: { kind: 'idle' } }))
      const screen: SetupScreen = {
        kind: 'setup',
        step: 'start',
        passkeysAvailable: ctx.passkeys.available,
        createPasskey() {
          if (ctx.view.get().screen.kind !== 'setup' || created) return
          show({ step: 'working', error: undefined })
          loadWallet(ctx)
            .then(({ wallet, vault }) =>
              wallet.createWallet({ server: ctx.server, passkeys: ctx.passkeys, vault }),
            )
            .then(
              (wallet) => {
                created = wallet.address
                ctx.session = { ...ctx.session, address: wallet.address }
                show({
                  step: 'saveCode',
                  recoveryCode: wallet.recoveryCode,
                  ...(wallet.hasPasskey
                    ? {}
                    : {
                        noPasskeyNotice:
                          'This browser made no passkey that can protect your wallet. Your recovery code is the only way to sign after this page reloads.',
                      }),
                })
              },
              (error: unknown) => show({ step: 'start', error: userMessage(error) }),
            )
        },
        confirmSaved() {
          if (!created) return
          // The code leaves the screen (and memory) now: it is shown once.
          close()
          resolve({ address: created })
        },
      }
      signal.addEventListener('abort', () => {
        close()
        reject(new WalletFrameError(FRAME_ERRORS.requestAborted))
      })
      ctx.view.update((view) => ({ ...view, screen }))
    })
  })
}
