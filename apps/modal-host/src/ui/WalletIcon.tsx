import type { ReactElement } from 'react'
import { Icon } from './icons.tsx'
import { useTimelyImage } from './image-preload.ts'
import { isInlineImage } from './inline-image.ts'

/**
 * A wallet's own icon (inline, from EIP-6963, or the data API's), or a neutral placeholder until
 * it has loaded, and for good if it is not there within 2 s (spec §9, ui/image-preload.ts).
 */
export function WalletIcon({
  src,
  name,
  size = 40,
  fromApi = false,
}: {
  src?: string | undefined
  name: string
  size?: number
  /** The URL was built by the modal from the deployment's data API (which may be plain http in dev). */
  fromApi?: boolean
}): ReactElement {
  const safe = useTimelyImage(
    isInlineImage(src) || (fromApi && src && /^https?:\/\//.test(src)) ? src : undefined,
  )
  return (
    <span className="wf-wallet-icon" style={{ width: size, height: size }}>
      {safe ? <img src={safe} alt="" width={size} height={size} /> : <Icon name="wallet" size={size * 0.5} />}
      <span className="wf-sr-only">{name}</span>
    </span>
  )
}
