/**
 * An image carried in the URL itself. The modal shows no remote image but the data API's (its CSP
 * img-src allows only our origins, issue 10): a URL a wallet, a token's metadata or a name record
 * names would tell that host the user's IP address and when they look.
 */
export const isInlineImage = (url: string | undefined): url is string =>
  url !== undefined && /^data:image\/(svg\+xml|png|jpeg|webp|gif)[;,]/.test(url)
