/**
 * Where the data API (apps/api: balances, history, identity, wallet registry) is. Like the relay,
 * it is part of the deployment: the modal server names it in the project bootstrap
 * (`<script id="wf-project">{…, "apiUrl": "http://…"}`). Without one the Account tabs and the
 * registry lists are not shown.
 */
import { PROJECT_BOOTSTRAP_ELEMENT_ID } from '@walletframe/protocol'

/** An http(s) URL without a trailing slash, or undefined for anything else. */
export function readApiUrl(doc: Pick<Document, 'getElementById'> | undefined): string | undefined {
  const raw = doc?.getElementById(PROJECT_BOOTSTRAP_ELEMENT_ID)?.textContent
  if (!raw) return undefined
  try {
    const value = (JSON.parse(raw) as { apiUrl?: unknown }).apiUrl
    if (typeof value !== 'string') return undefined
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? value.replace(/\/+$/, '') : undefined
  } catch {
    return undefined
  }
}
