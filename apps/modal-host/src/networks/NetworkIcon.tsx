import type { Network } from '@walletframe/protocol'
import type { ReactElement } from 'react'

/** The network's image when configured, otherwise a monogram tinted from its chain id. */
export function NetworkIcon({ network, size = 28 }: { network: Network; size?: number }): ReactElement {
  if (network.imageUrl && /^(data:image\/|https:\/\/)/.test(network.imageUrl)) {
    return <img className="wf-network-icon" src={network.imageUrl} alt="" width={size} height={size} />
  }
  const hue = (network.id * 47) % 360
  return (
    <span
      className="wf-network-icon"
      style={{ width: size, height: size, background: `hsl(${hue} 65% 48%)`, fontSize: size * 0.42 }}
      aria-hidden="true"
    >
      {network.name.slice(0, 1).toUpperCase()}
    </span>
  )
}
