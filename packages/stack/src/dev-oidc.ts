/**
 * Where the dev OIDC provider (apps/dev-oidc) answers, relative to its issuer. The key server's dev
 * defaults point the six social providers here: google and apple through OIDC discovery, the others
 * through these endpoints, which answer in the shape of the real provider's API (GitHub's `/user`,
 * X's `/2/users/me`, …), so the key server reads them with its production code.
 */
export const DEV_OIDC_PATHS = {
  authorization: '/auth',
  token: '/token',
  githubUser: '/github/user',
  githubEmails: '/github/user/emails',
  xMe: '/x/2/users/me',
  discordMe: '/discord/users/@me',
  facebookMe: '/facebook/me',
} as const

/** The dev client of a provider: not secret, the local provider alone accepts it. */
export const devOidcClient = (provider: string) => ({
  clientId: `walletframe-${provider}`,
  clientSecret: `walletframe-dev-secret-${provider}`,
})
