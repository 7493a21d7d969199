import type { ReactElement } from 'react'
import { useTimelyImage } from '../../../ui/image-preload.ts'
import '../account.css'

const SAFE_IMAGE = /^(https?:\/\/|data:image\/(svg\+xml|png|jpeg|webp|gif)[;,])/

/**
 * A token's icon from the data API (http(s) or a data URI), or its initial until the image has
 * loaded, and for good if it is not there within 2 s (spec §9, ui/image-preload.ts).
 */
export function TokenIcon({
  src,
  symbol,
  size = 32,
}: {
  src?: string
  symbol: string
  /** Pixels, or `fill` to take the container's width as a square (NFT grid). */
  size?: number | 'fill'
}): ReactElement {
  const safe = useTimelyImage(src && SAFE_IMAGE.test(src) ? src : undefined)
  return (
    <span
      className={size === 'fill' ? 'wf-token-icon wf-token-icon-fill' : 'wf-token-icon'}
      style={size === 'fill' ? undefined : { width: size, height: size }}
      aria-hidden="true"
    >
      {safe ? <img src={safe} alt="" /> : symbol.slice(0, 1).toUpperCase()}
    </span>
  )
}
