/**
 * The sandbox's prices and fees, as a provider sets its own: fixed rates (offline there is no
 * market), a processing fee inside spec §9's 1-2 % range and a flat network fee, both on top of the
 * amount. Fiat is counted in cents and crypto in wei, so nothing is lost to floating point.
 */
import { formatEther } from 'viem'

/** US dollars per unit of each fiat currency the sandbox takes (micro-dollars, exact). */
const USD_MICROS_PER_FIAT: Readonly<Record<string, bigint>> = { USD: 1_000_000n, EUR: 1_080_000n }
/** US dollars per unit of each crypto currency it sells. */
const USD_PER_CRYPTO: Readonly<Record<string, bigint>> = { ETH: 3_000n }

export const PROCESSING_FEE_BASIS_POINTS = 150n
export const NETWORK_FEE_CENTS = 10n

export const FIAT_CURRENCIES = Object.keys(USD_MICROS_PER_FIAT)
export const CRYPTO_CURRENCIES = Object.keys(USD_PER_CRYPTO)

export interface Price {
  amountCents: bigint
  processingFeeCents: bigint
  networkFeeCents: bigint
  totalCents: bigint
  /** What the wallet receives, floored to 1e-8 of a unit as the sandbox shows it. */
  cryptoWei: bigint
}

export { fiatCents as parseCents, formatFiatCents as formatCents } from '@walletframe/protocol'

export const formatCrypto = (wei: bigint) => formatEther(wei)

/** Undefined when the sandbox does not trade this pair. */
export function priceOf(amountCents: bigint, fiat: string, crypto: string): Price | undefined {
  const fiatMicros = USD_MICROS_PER_FIAT[fiat]
  const cryptoUsd = USD_PER_CRYPTO[crypto]
  if (fiatMicros === undefined || cryptoUsd === undefined) return undefined
  // Half-up to the cent, as card processors round.
  const processingFeeCents = (amountCents * PROCESSING_FEE_BASIS_POINTS + 5_000n) / 10_000n
  const wei = (amountCents * 10n ** 16n * fiatMicros) / (cryptoUsd * 1_000_000n)
  return {
    amountCents,
    processingFeeCents,
    networkFeeCents: NETWORK_FEE_CENTS,
    totalCents: amountCents + processingFeeCents + NETWORK_FEE_CENTS,
    cryptoWei: wei - (wei % 10n ** 10n),
  }
}
