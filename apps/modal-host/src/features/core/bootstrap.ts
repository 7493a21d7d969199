/**
 * What the modal server wrote into this page about the project and the deployment
 * (`<script id="wf-project">`, parsed by protocol's one parser): whether the project is known,
 * and where the relay and the data API are. Without a relay there is no WalletConnect; without a
 * data API, no Account tabs and no registry lists.
 */
import {
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
