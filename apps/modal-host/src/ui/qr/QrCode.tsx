import { type ReactElement, useEffect, useMemo, useState } from 'react'
import { Icon, Spinner } from '../icons.tsx'
import './qr.css'

type QrEncoder = typeof import('./qr.ts')
/** The encoder is a chunk of its own: it is needed only once a pairing URI exists. */
let encoder: QrEncoder | undefined
export const preloadQrEncoder = async (): Promise<QrEncoder> => {
  encoder ??= await import('./qr.ts')
  return encoder
}

/** The standard asks for four light modules around the symbol. */
const QUIET_ZONE = 4

/**
 * A QR code as one SVG path. Dark on white in both themes: phone cameras read dark-on-light
 * symbols most reliably, and inverted codes are not read by every wallet.
 */
export function QrCode({ value, label, size }: { value: string; label: string; size: number }): ReactElement {
  const [qr, setQr] = useState(encoder)
  useEffect(() => {
    if (!qr) void preloadQrEncoder().then(setQr)
  }, [qr])
  const symbol = useMemo(() => {
    if (!qr) return undefined
    const matrix = qr.encodeQr(value, 'M')
    return { path: qr.qrPath(matrix, QUIET_ZONE), modules: matrix.size + QUIET_ZONE * 2 }
  }, [qr, value])
  // The same box until the encoder has arrived; the image (and its name) only once it is drawn.
  if (!symbol) return <div className="wf-qr" style={{ width: size, height: size }} aria-busy="true" />
  const { path, modules } = symbol
  return (
    <svg
      className="wf-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-testid="walletconnect-qr"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}

/**
 * A QR code in its white frame (WalletConnect's pairing, Farcaster's sign-in): a spinner until there
 * is a value (a warning once it failed), and faded while it cannot be used.
 */
export function QrPanel(props: {
  value: string | undefined
  label: string
  size: number
  active: boolean
  failed: boolean
}): ReactElement {
  const { value, size } = props
  return (
    <div className={`wf-qr-frame ${value && props.active ? '' : 'is-inactive'}`} aria-busy={!value}>
      {value ? (
        <QrCode value={value} size={size} label={props.label} />
      ) : (
        <div className="wf-qr-placeholder" style={{ width: size, height: size }}>
          {props.failed ? <Icon name="warning" size={28} /> : <Spinner size={28} />}
        </div>
      )}
    </div>
  )
}

/** A small QR glyph for the WalletConnect entry (a generic mark, not a vendor logo). */
export function QrGlyph({ size = 16 }: { size?: number }): ReactElement {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" aria-hidden="true" className="wf-icon">
      <path
        d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2v2M14 18v2h2M18 18h2v2h-2z"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  )
}
