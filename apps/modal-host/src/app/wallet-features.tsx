/**
 * The wallet features of the Account view (spec §3 feature options, §9 walletFeaturesOrder): one
 * entry per feature, with the view its button opens, its label and icon, and its chunk. A feature
 * that is off is never downloaded (spec §2): its views live in its own chunk, fetched only when the
 * Account view offers its button or one of its views is shown.
 */
import {
  type ModalInit,
  type ViewName,
  WALLET_FEATURES_ORDER,
  type WalletFeature,
} from '@walletframe/protocol'
import type { ReactElement } from 'react'
import type { WalletFeatureButton } from '../features/account/state.ts'
import { isRestrictedTimeZone } from '../features/onramp/index.ts'
import type { MessageKey } from '../ui/i18n/en.ts'
import type { IconName } from '../ui/icons.tsx'
import { LazyView, type LazyViewChunk, lazyChunk } from '../ui/lazy-view.tsx'

/** What a feature's chunk exports: its views by name. */
export type FeatureViews = Partial<Record<ViewName, () => ReactElement | null>>

export interface WalletFeatureEntry {
  /** The view the Account view's button opens. */
  view: ViewName
  label: MessageKey
  icon: IconName
  /** The feature's chunk (one dynamic import of its views module). */
  chunk: () => Promise<FeatureViews>
  /** Each of its views with its header title, known before the chunk arrives. */
  titles: Partial<Record<ViewName, MessageKey>>
  /** Whether this modal offers it, beyond its option being on (e.g. a region rule). */
  offered?: (init: ModalInit) => boolean
}

export const WALLET_FEATURES: Partial<Record<WalletFeature, WalletFeatureEntry>> = {
  onramp: {
    view: 'OnRamp',
    label: 'features.onramp',
    icon: 'card',
    titles: { OnRamp: 'view.OnRamp' },
    chunk: () => import('../features/onramp/onramp-views.tsx').then((m) => m.ONRAMP_VIEWS),
    // Spec §9: not offered in the restricted time zones (mainland China, Hong Kong, Macau).
    offered: () => !isRestrictedTimeZone(),
  },
  swaps: {
    view: 'Swap',
    label: 'features.swaps',
    icon: 'swap',
    titles: { Swap: 'view.Swap' },
    chunk: () => import('../features/swap/swap-views.tsx').then((m) => m.SWAP_VIEWS),
  },
  receive: {
    view: 'WalletReceive',
    label: 'features.receive',
    icon: 'receive',
    titles: { WalletReceive: 'view.WalletReceive' },
    chunk: () => import('../features/receive/receive-views.tsx').then((m) => m.RECEIVE_VIEWS),
  },
  send: {
    view: 'WalletSend',
    label: 'features.send',
    icon: 'send',
    titles: { WalletSend: 'view.WalletSend', WalletSendPreview: 'view.WalletSendPreview' },
    chunk: () => import('../features/send/send-views.tsx').then((m) => m.SEND_VIEWS),
  },
}

/** One lazy view per view of each feature; the views of a feature share its one chunk. */
const chunks = new Map<ViewName, LazyViewChunk>()
for (const entry of Object.values(WALLET_FEATURES)) {
  for (const view of Object.keys(entry.titles) as ViewName[]) {
    chunks.set(
      view,
      // Each titled view is in its chunk (wallet-features.test.ts).
      lazyChunk(() => entry.chunk().then((views) => views[view]!)),
    )
  }
}

/** The features' views for the view table, with their titles. */
export const WALLET_FEATURE_VIEWS = Object.fromEntries(
  Object.values(WALLET_FEATURES).flatMap((entry) =>
    Object.entries(entry.titles).map(([view, title]) => {
      const chunk = chunks.get(view as ViewName)!
      return [view, { title, component: () => <LazyView view={chunk} /> }]
    }),
  ),
) as Partial<Record<ViewName, { title: MessageKey; component: () => ReactElement }>>

/** The buttons the Account view shows: the configured order, each feature on unless its option is false. */
export function walletFeatureButtons(init: ModalInit): WalletFeatureButton[] {
  const order = init.features.walletFeaturesOrder ?? WALLET_FEATURES_ORDER
  return [...new Set(order)].flatMap((feature) => {
    const entry = WALLET_FEATURES[feature]
    if (!entry || init.features[feature] === false || entry.offered?.(init) === false) return []
    const chunk = chunks.get(entry.view)!
    return [
      { feature, view: entry.view, label: entry.label, icon: entry.icon, preload: () => chunk.preload() },
    ]
  })
}
