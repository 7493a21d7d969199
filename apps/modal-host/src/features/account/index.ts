/** The account feature as other features see it: its token list's parts. */
export { TokenIcon } from './tokens/TokenIcon.tsx'
export { formatTokenQuantity, listedTokens } from './tokens/token-amounts.ts'
