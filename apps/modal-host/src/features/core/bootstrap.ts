/**
 * What the modal server wrote into this page about the project and the deployment
 * (`<script id="wf-project">`, parsed by protocol's one parser): whether the project is known,
 * and where the relay, the data API and the key frame are. Without a relay there is no
 * WalletConnect; without a data API, no Account tabs and no registry lists; without a key frame,
 * no email login; without bundlers, no smart account.
 */
import {
  type BundlerUrls,
  PROJECT_BOOTSTRAP_ELEMENT_ID,
  type ProjectBootstrap,
  parseProjectBootstrap,
} from '@walletframe/protocol'

type PageLike = Pick<Document, 'getElementById'> | undefined

export const readBootstrap = (doc: PageLike): ProjectBootstrap =>
  parseProjectBootstrap(doc?.getElementById(PROJECT_BOOTSTRAP_ELEMENT_ID)?.textContent)

export function readApiUrl(doc: PageLike): string | undefined {
  const bootstrap = readBootstrap(doc)
  return bootstrap.status === 'ok' ? bootstrap.apiUrl : undefined
}

export function readRelayUrl(doc: PageLike): string | undefined {
  const bootstrap = readBootstrap(doc)
  return bootstrap.status === 'ok' ? bootstrap.relayUrl : undefined
}

/** The deployment's ERC-4337 bundlers by decimal chain id (issue 14); none without the config. */
export function readBundlerUrls(doc: PageLike): BundlerUrls {
  const bootstrap = readBootstrap(doc)
  return (bootstrap.status === 'ok' ? bootstrap.bundlerUrls : undefined) ?? {}
}

export function readKeyFrameOrigin(doc: PageLike): string | undefined {
  const bootstrap = readBootstrap(doc)
  return bootstrap.status === 'ok' ? bootstrap.keyFrameOrigin : undefined
}
