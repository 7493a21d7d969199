/**
 * Whether Buy is offered (spec §3 feature option `onramp`, §6 "on-ramp on eip155", §9 restricted
 * time zones). Small and free of the view, so the Account view's button can ask without loading
 * the Buy chunk.
 */
import { type ModalInit, ONRAMP_RESTRICTED_TIME_ZONES } from '@walletframe/protocol'

/** The browser's IANA time zone; undefined when the browser does not say. */
export function currentTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/** Spec §9: mainland China, Hong Kong and Macau zones hide Buy. */
export function isRestrictedTimeZone(timeZone: string | undefined = currentTimeZone()): boolean {
  return timeZone !== undefined && ONRAMP_RESTRICTED_TIME_ZONES.includes(timeZone)
}

export interface OnRampFacts {
  init?: Pick<ModalInit, 'features'> | undefined
  /** The deployment has a data API (the on-ramp routes live there). */
  dataAvailable: boolean
  account: { status: string; address?: string | undefined }
}

/**
 * Buy is shown when the feature is on (the default), a data API is configured, an account is
 * connected (the purchase goes to it) and the browser is not in a restricted time zone.
 */
export function isOnRampAvailable(
  facts: OnRampFacts,
  timeZone: string | undefined = currentTimeZone(),
): boolean {
  return (
    facts.init?.features.onramp !== false &&
    facts.dataAvailable &&
    facts.account.status === 'connected' &&
    facts.account.address !== undefined &&
    !isRestrictedTimeZone(timeZone)
  )
}
