/**
 * Which social logins the Connect view offers and how it lays them out (spec §2 connect methods,
 * §3 `socials` option, §9 default socials and platform rules), as pure functions the view renders.
 */
import { DEFAULT_SOCIALS, type Features, type SocialProvider } from '@walletframe/protocol'

/** The providers' names as their buttons say them ("Continue with GitHub"). */
export const SOCIAL_NAMES: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}

/** What the platform rules look at: the user agent, and where the SDK could tell, Telegram's web view. */
export interface SocialPlatform {
  userAgent: string
  /** The host page runs inside Telegram (its UA does not always say so on iOS). */
  telegram?: boolean
  /** `navigator.maxTouchPoints`: iPadOS reports a Mac user agent, with touch. */
  maxTouchPoints?: number
}

const isIos = ({ userAgent, maxTouchPoints = 0 }: SocialPlatform) =>
  /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)
const isMac = (platform: SocialPlatform) => /\bMacintosh\b/.test(platform.userAgent) && !isIos(platform)
const isAndroid = ({ userAgent }: SocialPlatform) => /\bAndroid\b/.test(userAgent)
const isTelegram = ({ userAgent, telegram }: SocialPlatform) =>
  telegram === true || /\bTelegram\b/.test(userAgent)

/**
 * Spec §9: on Telegram iOS google is hidden (Google refuses OAuth in embedded web views), on a Mac
 * x is hidden, on Android facebook and x are hidden.
 */
export function hiddenSocials(platform: SocialPlatform): readonly SocialProvider[] {
  const hidden: SocialProvider[] = []
  if (isTelegram(platform) && isIos(platform)) hidden.push('google')
  if (isMac(platform)) hidden.push('x')
  if (isAndroid(platform)) hidden.push('facebook', 'x')
  return hidden
}

/** The providers the Connect view lists, in order: the integrator's (or the default) list, less the hidden. */
export function visibleSocials(
  socials: Features['socials'],
  platform: SocialPlatform,
): readonly SocialProvider[] {
  if (socials === false) return []
  const hidden = hiddenSocials(platform)
  return [...new Set(socials ?? DEFAULT_SOCIALS)].filter((provider) => !hidden.includes(provider))
}

/** Icon buttons in a row under the first provider's wide button. */
export const SOCIAL_ROW_SIZE = 5

export interface SocialLayout {
  /** The first provider, as a wide "Continue with …" button. */
  primary: SocialProvider | undefined
  /** The next ones, as icon buttons (rows of SOCIAL_ROW_SIZE). */
  icons: readonly SocialProvider[]
  /** A last icon button shows the rest; false once they are all shown. */
  more: boolean
}

/**
 * As wallet modals do it: the first provider wide, then a row of icons; when the rest does not fit
 * one row, its last place is a "more" button that shows them all.
 */
export function socialLayout(providers: readonly SocialProvider[], expanded: boolean): SocialLayout {
  const [primary, ...rest] = providers
  if (expanded || rest.length <= SOCIAL_ROW_SIZE) return { primary, icons: rest, more: false }
  return { primary, icons: rest.slice(0, SOCIAL_ROW_SIZE - 1), more: true }
}
