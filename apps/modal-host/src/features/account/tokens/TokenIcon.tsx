import { type ReactElement, useState } from 'react'
import '../account.css'

const SAFE_IMAGE = /^(https?:\/\/|data:image\/(svg\+xml|png|jpeg|webp|gif)[;,])/

/** A token's icon from the data API (http(s) or a data URI), or its initial. */
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
  const [broken, setBroken] = useState(false)
  const safe = src && SAFE_IMAGE.test(src) && !broken ? src : undefined
  return (
    <span
      className={size === 'fill' ? 'wf-token-icon wf-token-icon-fill' : 'wf-token-icon'}
      style={size === 'fill' ? undefined : { width: size, height: size }}
      aria-hidden="true"
    >
      {safe ? <img src={safe} alt="" onError={() => setBroken(true)} /> : symbol.slice(0, 1).toUpperCase()}
    </span>
  )
}
