/**
 * The key window (docs/embedded-wallet.md "Key window"): a first-party popup of the key origin that
 * keeps this browser's device share where no passkey with PRF can (ARCHITECTURE.md "Embedded
 * wallet key custody"). Strict browsers give the nested key frame no storage; a top-level window of
 * the same origin has its own. The key frame opens it from a click and is the parent of this
 * channel, on the same channel code as the other two.
 *
 * Handshake, in steps:
 *  1. the key frame opens KEY_WINDOW_PATH in a popup from the user's click;
 *  2. the window, once loaded, posts KEY_WINDOW_LOADED_TYPE to its opener, on the key origin only;
 *  3. the key frame, seeing that from the popup it opened, sends the channel's hello (connectToChild);
 *  4. the window accepts it only from its opener on its own origin, answers the one request, closes.
 */
import * as z from 'zod/mini'
import { TIME } from '../constants.ts'
import { Base64Schema, Base64UrlSchema, WalletAddressSchema } from '../key-server/common.ts'
import { DeviceKeyJwkSchema } from '../key-server/device-key.ts'
import { KEY_SERVER_PATHS } from '../key-server/paths.ts'
import type { MethodMeta } from '../methods-meta.ts'

export const KEY_WINDOW_PATH = KEY_SERVER_PATHS.keyWindow
export const KEY_WINDOW_LOADED_TYPE = 'walletframe:key-window-loaded'
/** The popup's window name: a second open reuses it instead of stacking windows. */
export const KEY_WINDOW_NAME = 'walletframe-key-window'
/** What the window's device key signs: this prefix, then the server's challenge (purpose-bound). */
export const KEY_WINDOW_ASSERTION_PREFIX = 'walletframe key window assertion v1:'

const step = { direction: 'toChild', kind: 'request', timeoutMs: TIME.authStepTimeoutMs } as const

export const KEY_WINDOW_METHOD_META = {
  /** Keep this browser's device share; answers the new device key's id and public key. */
  'keyWindow.keep': step,
  /** Sign the server's challenge with a kept device key and hand back its device share. */
  'keyWindow.unlock': step,
} as const satisfies Record<string, MethodMeta>

export const KEY_WINDOW_METHOD_SCHEMAS = {
  'keyWindow.keep': {
    params: z.object({ address: WalletAddressSchema, deviceShare: Base64Schema }),
    result: z.object({ credentialId: Base64UrlSchema, publicKey: DeviceKeyJwkSchema }),
  },
  'keyWindow.unlock': {
    params: z.object({
      address: WalletAddressSchema,
      challenge: Base64UrlSchema,
      credentialIds: z.array(Base64UrlSchema).check(z.maxLength(20)),
    }),
    result: z.object({
      credentialId: Base64UrlSchema,
      signature: Base64UrlSchema,
      deviceShare: Base64Schema,
    }),
  },
} as const

type Schemas = typeof KEY_WINDOW_METHOD_SCHEMAS
type KeyWindowMethodName = keyof typeof KEY_WINDOW_METHOD_META

/** The key-window channel as types, for `Messenger<'parent' | 'child', KeyWindowChannel>`. */
export interface KeyWindowChannel {
  meta: typeof KEY_WINDOW_METHOD_META
  params: { [M in KeyWindowMethodName]: z.infer<Schemas[M]['params']> }
  results: { [M in KeyWindowMethodName]: z.infer<Schemas[M]['result']> }
}
