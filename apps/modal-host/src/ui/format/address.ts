import { LIMITS } from '@walletframe/protocol'

/** `0xf39F…b92266`: the first 4 and last 6 characters (spec §9). */
export function truncateAddress(address: string): string {
  const head = LIMITS.addressHeadChars
  const tail = LIMITS.addressTailChars
  if (address.length <= head + tail + 1) return address
  return `${address.slice(0, head)}…${address.slice(-tail)}`
}
