import type { NamespaceNetwork, Network } from '@walletframe/protocol'
import type { ReactElement } from 'react'
import { isInlineImage } from './inline-image.ts'

/** The network's image when configured inline (ui/inline-image.ts), otherwise a monogram tinted from its chain id. */
export function NetworkIcon({
  network,
  size = 28,
}: {
  network: Network | NamespaceNetwork
  size?: number
}): ReactElement {
  if ('imageUrl' in network && isInlineImage(network.imageUrl)) {
    return <img className="wf-network-icon" src={network.imageUrl} alt="" width={size} height={size} />
  }
  // Golden-angle hues keep neighbouring chain ids (31337, 31338) visibly apart.
  // A Solana or Bitcoin network's id is its CAIP-2 reference, a string: its first character tints it.
  const hue = Math.round(((Number(network.id) || String(network.id).charCodeAt(0)) * 137.508) % 360)
  const words = network.name.trim().split(/\s+/)
  const monogram = (
    words.length > 1 ? words[0]![0]! + words.at(-1)![0]! : network.name.slice(0, 2)
  ).toUpperCase()
  return (
    <span
      className="wf-network-icon"
      style={{ width: size, height: size, background: `hsl(${hue} 60% 36%)`, fontSize: size * 0.36 }}
      aria-hidden="true"
    >
      {monogram}
    </span>
  )
}
