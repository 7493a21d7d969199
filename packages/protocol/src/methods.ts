/** The zod shapes of every SDK↔modal method: params of requests and events, results of requests. */
import * as z from 'zod/mini'
import { HOST_STORAGE_KEY_PATTERN, HOST_STORAGE_LIMITS, LOG_LINE_MAX_CHARS } from './constants.ts'
import { AccountSnapshotSchema, ConnectResultSchema } from './entities/account.ts'
import { NamespaceSchema } from './entities/network.ts'
import { SiwxStoredSessionSchema } from './entities/siwx.ts'
import { ThemeModeSchema, ThemeVariablesSchema } from './entities/theme.ts'
import { ModalStateSchema, ViewNameSchema } from './entities/views.ts'
import { WalletDescriptorSchema, WalletListingSchema } from './entities/wallet.ts'
import type { MethodName } from './methods-meta.ts'
import { NamespaceAccountSchema } from './namespaces/account.ts'

const Empty = z.object({})
const Ok = z.null()
/** JSON-RPC params: any JSON array or object; forbidden keys are rejected before this runs. */
const RpcParams = z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]))
const RpcMethodName = z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9_]+$/))
const WalletId = z.string().check(z.maxLength(128))
/** Page wallets (100), the registry's featured and recommended, custom wallets, QR and email. */
const WALLET_LIST_MAX = 400
const StorageKey = z
  .string()
  .check(z.minLength(1), z.maxLength(HOST_STORAGE_LIMITS.keyLength), z.regex(HOST_STORAGE_KEY_PATTERN))

/**
 * A wallet app's own link (`rainbow://`, `metamask://wc?uri=…`): a scheme other than http(s) and
 * those that run code or read local data, so the page is never sent away or made to run anything.
 */
const DeepLinkHref = z
  .string()
  .check(
    z.maxLength(2048),
    z.regex(/^(?!(?:https?|javascript|data|vbscript|file|blob|about|filesystem):)[a-z][a-z0-9+.-]*:\/\/\S*$/),
  )

export const METHOD_SCHEMAS = {
  'modal.open': { params: z.object({ view: z.optional(ViewNameSchema) }), result: Ok },
  'modal.close': { params: Empty, result: Ok },
  /** With `walletId` (an id of `wallet.list`): that wallet's own flow, never the wallet list. */
  'wallet.connect': { params: z.object({ walletId: z.optional(WalletId) }), result: ConnectResultSchema },
  'wallet.list': { params: Empty, result: z.array(WalletListingSchema).check(z.maxLength(WALLET_LIST_MAX)) },
  /** Spec §7 analytics with `features.analytics: 'consent'`: nothing is sent until granted. */
  'analytics.consent': { params: z.object({ granted: z.boolean() }), result: Ok },
  'wallet.disconnect': { params: Empty, result: Ok },
  /**
   * With `namespace` (solana, bip122): a method of that namespace's vocabulary (namespaces/), for
   * the namespace's connection in the modal. Absent: eip155.
   */
  'rpc.request': {
    params: z.object({ method: RpcMethodName, params: RpcParams, namespace: z.optional(NamespaceSchema) }),
    result: z.unknown(),
  },
  /**
   * An adapter's connect (issue 15): opens the modal on the namespace's wallets, or with `walletId`
   * (a page wallet of that namespace) that wallet's own flow. Resolves once connected.
   */
  'namespace.connect': {
    params: z.object({ namespace: NamespaceSchema, walletId: z.optional(WalletId) }),
    result: NamespaceAccountSchema,
  },
  /** Disconnects this namespace only; the others stay connected. */
  'namespace.disconnect': { params: z.object({ namespace: NamespaceSchema }), result: Ok },
  /** A namespace's connection changed (status, account, network, connector). */
  'namespace.account': { params: NamespaceAccountSchema },
  'network.switch': {
    params: z.object({ caipNetworkId: z.string().check(z.maxLength(64)) }),
    result: Ok,
  },
  'theme.set': {
    params: z.object({
      themeMode: z.optional(ThemeModeSchema),
      themeVariables: z.optional(ThemeVariablesSchema),
    }),
    result: Ok,
  },
  'host.wallets': { params: z.object({ wallets: z.array(WalletDescriptorSchema).check(z.maxLength(100)) }) },
  /**
   * A page wallet's event. A solana or bip122 wallet (WALLET_STANDARD) sends `accountsChanged`
   * (data: its addresses, [] when none is left) and `disconnect`.
   */
  'host.walletEvent': {
    params: z.object({
      walletId: WalletId,
      event: z.enum(['connect', 'disconnect', 'accountsChanged', 'chainChanged']),
      data: z.unknown(),
    }),
  },
  /** A page wallet the SDK talks to directly sent a transaction: the modal refreshes the balance. */
  'host.transactionSent': { params: z.object({ walletId: WalletId }) },
  /** A method for a page wallet: eip155's, or the vocabulary of the wallet's namespace (namespaces/). */
  'host.walletRequest': {
    params: z.object({
      walletId: WalletId,
      method: RpcMethodName,
      params: RpcParams,
    }),
    result: z.unknown(),
  },
  'modal.state': { params: ModalStateSchema },
  'modal.unloading': { params: Empty },
  'account.changed': { params: AccountSnapshotSchema },
  'provider.event': {
    params: z.object({
      event: z.enum(['connect', 'disconnect', 'accountsChanged', 'chainChanged']),
      data: z.unknown(),
    }),
  },
  'storage.set': {
    params: z.object({
      key: StorageKey,
      value: z.string().check(z.maxLength(HOST_STORAGE_LIMITS.valueLength)),
    }),
    result: Ok,
  },
  'storage.remove': { params: z.object({ key: StorageKey }) },
  'wallet.openDeepLink': { params: z.object({ href: DeepLinkHref }) },
  'modal.log': { params: z.object({ message: z.string().check(z.maxLength(LOG_LINE_MAX_CHARS)) }) },
  'siwx.session': { params: z.object({ session: z.nullable(SiwxStoredSessionSchema) }) },
  'siwx.signOut': { params: Empty, result: Ok },
} as const satisfies Record<MethodName, { params: z.ZodMiniType; result?: z.ZodMiniType }>

type Schemas = typeof METHOD_SCHEMAS
export type ParamsOf<M extends MethodName> = z.infer<Schemas[M]['params']>
export type ResultOf<M extends MethodName> = Schemas[M] extends { result: z.ZodMiniType }
  ? z.infer<Schemas[M]['result']>
  : never
