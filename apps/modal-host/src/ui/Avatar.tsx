import type { ReactElement } from 'react'

/** A gradient avatar derived from the address, so each account is recognisable at a glance. */
export function Avatar({ address, size = 64 }: { address: string; size?: number }): ReactElement {
  const hex = address.replace(/^0x/, '').padEnd(12, '0')
  const hue = (offset: number) => Number.parseInt(hex.slice(offset, offset + 3), 16) % 360
  const background = `radial-gradient(circle at 30% 25%, hsl(${hue(0)} 85% 70%), transparent 60%),
    radial-gradient(circle at 75% 70%, hsl(${hue(3)} 80% 55%), transparent 65%),
    linear-gradient(135deg, hsl(${hue(6)} 70% 45%), hsl(${hue(9)} 75% 35%))`
  return <span className="wf-avatar" style={{ width: size, height: size, background }} aria-hidden="true" />
}
