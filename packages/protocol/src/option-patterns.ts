/**
 * The URL shapes of the integrator's options (spec §3 Settings: terms and privacy URLs, custom
 * wallets), without zod: the options schema uses them, and so do the host SDK's option checks.
 */

/**
 * A page the modal links to or loads an image from: https, or http on the integrator's own
 * machine (localhost) while it develops. Nothing else (javascript:, data:, plain http) reaches a link.
 */
export const WEB_URL_PATTERN =
  /^(https:\/\/[^\s/?#]+|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?)([/?#]\S*)?$/

/**
 * A wallet app's link that takes the pairing URI: https, or the app's own scheme (`rainbow://`);
 * schemes that run code or read local data, and plain http, are refused.
 */
export const APP_LINK_PATTERN =
  /^(?!(javascript|data|vbscript|file|blob|about|filesystem|https?|wss?):)[a-z][a-z0-9+.-]*:\/\/\S*$|^https:\/\/\S+$/
