/**
 * The embedded wallet as the session sees it (docs/embedded-wallet.md): whether it is offered,
 * the key frame, its connector, and the state the email views read. Kept out of session.ts so the
 * session only wires it, as it wires WalletConnect.
 */
import {
  ALERTS,
  type BundlerUrls,
  EmailSchema,
  FRAME_ERRORS,
  type ModalInit,
  STORAGE_KEYS,
  TIME,
  toWireError,
  type ViewName,
} from '@walletframe/protocol'
import type { EventFromLogic, SnapshotFrom } from 'xstate'
import type { Store } from '../../ui/store.ts'
import {
  type HostStorage,
  readBundlerUrls,
  readKeyFrameOrigin,
  type Session,
  type SessionState,
} from '../core/index.ts'
import { createAccountTypes } from './account-types.ts'
import { createApprovals } from './approvals.ts'
import { type AuthConnector, createAuthConnector, EMBEDDED_CONNECTOR_ID } from './auth-connector.ts'
import type { EmailLoginInput, emailLoginMachine } from './email-login.machine.ts'
import { createEmailUpdate, INVALID_EMAIL } from './email-update.ts'
import type { FrameMessenger } from './key-frame.machine.ts'
import { startKeyFrame } from './key-frame.ts'
import { mountKeyFrame } from './key-frame-element.ts'
import { keyFrameNetworks, keyFrameSolanaNetworks } from './key-frame-networks.ts'
import { loginFailure } from './login-failure.ts'
import { createLoginHints } from './login-hints.ts'
import type { EmailLoginState, EmbeddedState } from './state.ts'

export const EMBEDDED_IDLE: EmbeddedState = { available: false, frame: 'loading' }

export interface EmbeddedOptions {
  /** The key frame; defaults to the one the modal server named in the project bootstrap. */
  keyFrameOrigin?: string
  /** The deployment's bundlers; default: the project bootstrap's. */
  bundlerUrls?: BundlerUrls
  /** Replaces the iframe and its handshake (tests answer with a fake key frame). */
  connect?: () => Promise<FrameMessenger>
  now?: () => number
}

type LoginSnapshot = SnapshotFrom<typeof emailLoginMachine>

const STEP_OF: Record<string, EmailLoginState['step']> = {
  sending: 'sending',
  resending: 'resending',
  device: 'device',
  code: 'code',
  verifying: 'verifying',
  setup: 'setup',
  finishing: 'finishing',
  connected: 'finishing',
  failed: 'failed',
}

/** Once the frame has drawn what it shows now (idle comes after the frame's paint). */
const afterDrawn = (run: () => void) =>
  globalThis.requestIdleCallback ? globalThis.requestIdleCallback(run) : setTimeout(run)

export function createEmbedded(context: {
  init: ModalInit
  /** The state the init puts in place (network, theme): the key frame starts on it. */
  initial: Pick<SessionState, 'activeChainId' | 'themeMode' | 'themeVariables'>
  store: Store<SessionState>
  storage: HostStorage
  options: EmbeddedOptions | undefined
  log(message: string): void
  push(view: ViewName): void
  /** Spec §2: ApproveTransaction is pushed when open, else the modal opens on it. */
  openApproval(): void
  back(): void
  startLogin(connector: AuthConnector, login: EmailLoginInput): void
  sendLogin(event: EventFromLogic<typeof emailLoginMachine>): void
  refreshBalance(): void
  /** Spec §8 Session Expired: the connected wallet's session was refused by the key server. */
  sessionRefused(): void
  /** Social logins are offered: the key frame runs for them even with `features.email` off. */
  socials: boolean
}) {
  const { init, store, storage, options } = context
  const origin = options?.keyFrameOrigin ?? readKeyFrameOrigin(globalThis.document)
  const email = init.features.email !== false
  if (!origin || (!email && !context.socials)) return undefined
  const now = options?.now ?? Date.now
  const update = (patch: Partial<EmbeddedState>) =>
    store.set((state) => ({ embedded: { ...state.embedded, ...patch } }))
  const storedTime = Number(storage.get(STORAGE_KEYS.lastEmailLoginTime))
  update({ available: email, ...(storedTime > 0 ? { lastCodeSentAt: storedTime } : {}) })
  const hints = createLoginHints(storage)

  const { themeMode, themeVariables, activeChainId: chainId } = context.initial
  const bundlerUrls = options?.bundlerUrls ?? readBundlerUrls(globalThis.document)
  const element = options?.connect
    ? undefined
    : mountKeyFrame(globalThis.document, {
        origin,
        query: { projectId: init.projectId, chainId, version: init.sdkVersion, logger: init.debug },
        init: {
          projectId: init.projectId,
          chainId,
          networks: keyFrameNetworks(init.networks, bundlerUrls),
          solanaNetworks: keyFrameSolanaNetworks(init.namespaceNetworks),
          themeMode,
          themeVariables,
          ...(init.metadata ? { metadata: init.metadata } : {}),
        },
        log: context.log,
      })
  // The key frame loads once something needs it, or once the modal has first opened and drawn
  // (issue 10): loaded at the handshake, its page and scripts took the CPU from a first open made
  // right then, and a page whose user never opens the modal had loaded it for nothing.
  let begin = () => {}
  const begun = new Promise<void>((resolve) => {
    begin = resolve
  })
  const connectFrame = options?.connect ?? element!.connect
  const keyFrame = startKeyFrame(
    () => begun.then(connectFrame),
    (frame, error) => {
      update({ frame })
      if (frame === 'failed') context.log(`key frame unavailable: ${(error as Error | undefined)?.message}`)
      if (frame === 'ready') void syncDappData()
    },
  )
  const frameReady = () => {
    begin()
    return keyFrame.ready()
  }
  /** A call nobody waits on (theme, dapp data): sent once the frame is up; a failure is only logged. */
  const request = async <T>(run: (frame: FrameMessenger) => Promise<T>) => {
    try {
      await run(await keyFrame.ready())
    } catch (error) {
      context.log(`key frame: ${toWireError(error).message}`)
    }
  }
  const syncDappData = () =>
    request((frame) =>
      frame.request('frame.syncDappData', {
        ...(init.metadata ? { metadata: init.metadata } : {}),
        sdkVersion: init.sdkVersion,
        sdkType: 'walletframe',
        projectId: init.projectId,
      }),
    )

  const accountTypes = createAccountTypes({
    storage,
    store,
    frame: frameReady,
    log: context.log,
  })
  const approvals = createApprovals({
    open: context.openApproval,
    leave: () => store.get().view === 'ApproveTransaction' && context.back(),
    refreshBalance() {
      context.refreshBalance()
      // A smart account's first transaction deploys it (spec §3 smartAccountDeployed).
      const { embedded, account } = store.get()
      if (account.type === 'smartAccount' && embedded.smartAccountDeployed === false)
        void accountTypes.refresh()
    },
  })
  const connector = createAuthConnector({
    frame: frameReady,
    activeChainId: () => store.get().activeChainId,
    approve: approvals.approve,
    readUser: accountTypes.readUser,
    onUser: (user) =>
      update({
        userEmail: user.email,
        userName: user.userName ?? hints.userName(),
        accounts: user.accounts,
        smartAccountDeployed: user.smartAccountDeployed,
      }),
    socialProvider: hints.socialProvider,
    onSessionRefused: context.sessionRefused,
  })
  const emailUpdate = createEmailUpdate({
    store,
    frame: frameReady,
    onUpdated(email) {
      update({ userEmail: email })
      storage.set(STORAGE_KEYS.email, email)
      context.back()
    },
  })

  let previous = store.get()
  store.subscribe(() => {
    const [prev, next] = [previous, store.get()]
    previous = next
    // Spec §2: dark by default, and synced to the embedded wallet.
    if (prev.themeMode !== next.themeMode || prev.themeVariables !== next.themeVariables)
      void request((frame) =>
        frame.request('frame.syncTheme', { themeMode: next.themeMode, themeVariables: next.themeVariables }),
      )
    if (!prev.open && next.open) afterDrawn(begin)
    // Spec §4: closing the modal aborts the unsafe requests still open.
    if (prev.open && !next.open) approvals.abortAll()
    if (prev.account !== next.account) accountTypes.accountChanged(prev.account, next.account)
    // A batch is answered before it is included, so its deployment was not seen then: the Account
    // view, when shown, reads it again while the smart account is not deployed (spec §3).
    const accountShown = next.open && next.view === 'Account' && !(prev.open && prev.view === 'Account')
    if (accountShown && next.account.type === 'smartAccount' && next.embedded.smartAccountDeployed === false)
      void accountTypes.refresh()
    if (prev.account.status === 'connected' && next.account.status === 'disconnected') {
      update({ userEmail: undefined, userName: undefined, accounts: undefined, accountSwitch: undefined })
      hints.forgetSocial()
    }
  })

  const cooldownLeftMs = () => {
    const sentAt = store.get().embedded.lastCodeSentAt
    return sentAt === undefined ? 0 : Math.max(0, sentAt + TIME.emailLoginCooldownMs - now())
  }
  const setLogin = (login: EmailLoginState | undefined) => update({ login })

  return {
    connector,
    /** Runs a signing request with the approval view shown (the Solana account's, issue 15). */
    approve: approvals.approve,
    /** The key frame's origin: the social login's callback page posts from it. */
    origin,
    /** The key frame's status, for a flow that must not start without it. */
    frameStatus: keyFrame.status,
    hints,
    emailUpdate,
    /** The stored email, to fill the field again. */
    rememberedEmail: () => storage.get(STORAGE_KEYS.email),
    restorable: (connectorId: string | undefined) =>
      connectorId === EMBEDDED_CONNECTOR_ID ? connector : undefined,
    placeKeyFrame(placeholder: HTMLElement | null) {
      if (placeholder) element?.show(placeholder)
      else element?.hide()
    },
    submitEmail(value: string) {
      const email = value.trim()
      if (!EmailSchema.safeParse(email).success)
        return setLogin({ step: 'failed', email, error: INVALID_EMAIL })
      if (keyFrame.status() === 'failed')
        return setLogin({
          step: 'failed',
          email,
          error: FRAME_ERRORS.loadFailed.message,
          alert: ALERTS.embeddedWalletUnavailable,
        })
      const left = cooldownLeftMs()
      if (left > 0)
        return setLogin({
          step: 'failed',
          email,
          error: { key: 'email.cooldown', values: { count: Math.ceil(left / 1000) } },
        })
      hints.forgetSocial()
      context.startLogin(connector, {
        connector,
        email,
        onCodeSent() {
          const sentAt = now()
          update({ lastCodeSentAt: sentAt })
          storage.set(STORAGE_KEYS.lastEmailLoginTime, String(sentAt))
          storage.set(STORAGE_KEYS.email, email)
        },
      })
    },
    switchAccountType: accountTypes.switchTo,
    submitLoginCode: (code: string) => context.sendLogin({ type: 'SUBMIT_CODE', code }),
    resendLoginCode() {
      if (cooldownLeftMs() === 0) context.sendLogin({ type: 'RESEND' })
    },
    /** What the login flow reports: its step, and the views it needs. */
    reportLogin(snapshot: LoginSnapshot | undefined) {
      if (!snapshot) return setLogin(undefined)
      const step = STEP_OF[String(snapshot.value)] ?? 'failed'
      const { error, login } = snapshot.context
      setLogin({ step, email: login.email, ...loginFailure(error) })
      if (['code', 'device', 'setup'].includes(step) && store.get().view === 'Connect') context.push('Email')
    },
  }
}

export type Embedded = NonNullable<ReturnType<typeof createEmbedded>>

type EmbeddedIntents = Pick<
  Session,
  | 'submitEmail'
  | 'submitLoginCode'
  | 'resendLoginCode'
  | 'placeKeyFrame'
  | 'startEmailUpdate'
  | 'submitEmailUpdate'
  | 'switchAccountType'
>

/** The intents of state.ts, for the session to offer; they do nothing without a key frame. */
export function embeddedIntents(
  current: () => Embedded | undefined,
  push: (view: ViewName) => void,
): EmbeddedIntents {
  return {
    submitEmail: (email) => current()?.submitEmail(email),
    submitLoginCode: (code) => current()?.submitLoginCode(code),
    resendLoginCode: () => current()?.resendLoginCode(),
    placeKeyFrame: (placeholder) => current()?.placeKeyFrame(placeholder),
    startEmailUpdate() {
      current()?.emailUpdate.start()
      push('EmailUpdate')
    },
    submitEmailUpdate: (value) => current()?.emailUpdate.submit(value),
    switchAccountType: async (type) => current()?.switchAccountType(type),
  }
}
