/**
 * Who the provider says signed in: from the ID token of an OpenID provider, or from the user API of
 * GitHub, X, Discord and Facebook, each in its own shape. Only an email the provider marks verified
 * counts (GitHub: a verified address of /user/emails, the primary first; X: `confirmed_email`;
 * Discord: `verified`; Facebook only returns confirmed addresses).
 */
import type { SocialLoginProvider } from '@walletframe/protocol'
import type { JWTPayload } from 'jose'
import { KeyServerError } from '../errors.ts'
import type { OAuthProviderConfig } from './config.ts'
import type { OAuthClient } from './oauth-client.ts'

export interface SocialProfile {
  /** The provider's stable id of the account. */
  subject: string
  /** A verified address, when the provider gave one. */
  email?: string | undefined
  userName: string
}

type Json = Record<string, unknown>

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
const id = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : text(value)

function profile(
  provider: SocialLoginProvider,
  subject: string | undefined,
  email: string | undefined,
  names: unknown[],
) {
  if (!subject) {
    throw new KeyServerError('socialProviderUnavailable', {
      message: `The ${provider} user API gave no account id`,
    })
  }
  const userName = names.map(text).find(Boolean) ?? email ?? subject
  return { subject, ...(email ? { email } : {}), userName }
}

/** An OpenID provider's ID token (Apple sends `email_verified` as the string "true"). */
export function profileFromIdToken(provider: SocialLoginProvider, claims: JWTPayload): SocialProfile {
  const verified = claims.email_verified === true || claims.email_verified === 'true'
  const email = verified ? text(claims.email) : undefined
  return profile(provider, text(claims.sub), email, [claims.preferred_username, claims.name])
}

/** The user API of a provider that is not an OpenID provider. */
export async function profileFromApi(
  client: OAuthClient,
  config: OAuthProviderConfig,
  accessToken: string,
): Promise<SocialProfile> {
  const get = async (url: string) => (await client.getJson(url, accessToken)) as Json
  switch (config.provider) {
    case 'github': {
      const user = await get(config.userinfoUrl)
      const emails = config.emailsUrl
        ? ((await client.getJson(config.emailsUrl, accessToken)) as unknown)
        : []
      const verified = (Array.isArray(emails) ? (emails as Json[]) : [])
        .filter((entry) => entry.verified === true && text(entry.email))
        .sort((a, b) => Number(b.primary === true) - Number(a.primary === true))
      return profile('github', id(user.id), text(verified[0]?.email), [user.login, user.name])
    }
    case 'x': {
      const url = new URL(config.userinfoUrl)
      url.searchParams.set('user.fields', 'confirmed_email,username,name')
      const user = ((await get(url.toString())).data ?? {}) as Json
      return profile('x', id(user.id), text(user.confirmed_email), [user.username, user.name])
    }
    case 'discord': {
      const user = await get(config.userinfoUrl)
      const email = user.verified === true ? text(user.email) : undefined
      return profile('discord', id(user.id), email, [user.username, user.global_name])
    }
    case 'facebook': {
      const url = new URL(config.userinfoUrl)
      url.searchParams.set('fields', 'id,name,email')
      const user = await get(url.toString())
      return profile('facebook', id(user.id), text(user.email), [user.name])
    }
    default:
      throw new Error(`${config.provider} has no user API reader`)
  }
}
