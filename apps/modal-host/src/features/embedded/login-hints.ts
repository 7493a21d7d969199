/**
 * The embedded login's non-secret hints kept in the host's storage through the SDK (spec §3
 * "Locally stored items": social provider, social username): which social login is in use and its
 * user name, so that a reload shows them before the key frame is asked. Never a token or a share.
 */
import { type SocialProvider, SocialProviderSchema, STORAGE_KEYS } from '@walletframe/protocol'
import type { HostStorage } from '../core/index.ts'

export interface LoginHints {
  socialProvider(): SocialProvider | undefined
  userName(): string | undefined
  rememberSocial(provider: SocialProvider, userName: string | undefined): void
  /** An email login, or a disconnect (spec §4: disconnect removes the social provider). */
  forgetSocial(): void
}

export function createLoginHints(storage: HostStorage): LoginHints {
  return {
    socialProvider() {
      const stored = SocialProviderSchema.safeParse(storage.get(STORAGE_KEYS.socialProvider))
      return stored.success ? stored.data : undefined
    },
    userName: () => storage.get(STORAGE_KEYS.socialUsername),
    rememberSocial(provider, userName) {
      storage.set(STORAGE_KEYS.socialProvider, provider)
      if (userName) storage.set(STORAGE_KEYS.socialUsername, userName)
      else storage.remove(STORAGE_KEYS.socialUsername)
    },
    forgetSocial() {
      storage.remove(STORAGE_KEYS.socialProvider)
      storage.remove(STORAGE_KEYS.socialUsername)
    },
  }
}
