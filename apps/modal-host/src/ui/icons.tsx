/** Line icons drawn for WalletFrame (24px grid, currentColor). */
import type { ReactElement } from 'react'

const paths = {
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 5l-7 7 7 7',
  chevron: 'M9 5l7 7-7 7',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  power: 'M12 3v8M6.3 7.2a8 8 0 1 0 11.4 0',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  search: 'M10.5 17a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13zM15.5 15.5L20 20',
  warning: 'M12 4l9 16H3zM12 10v4M12 17v.5',
  globe:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9M12 3c-2.5 2.6-3.8 5.6-3.8 9s1.3 6.4 3.8 9',
  wallet:
    'M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3M4 7.5V17a2 2 0 0 0 2 2h13a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1H6.5A2.5 2.5 0 0 1 4 7.5zM16 13.5h1',
  external: 'M14 5h5v5M19 5l-8 8M17 14v5H5V7h5',
  mail: 'M4 6h16v12H4zM4 7l8 6 8-6',
  grid: 'M5 5h5v5H5zM14 5h5v5h-5zM5 14h5v5H5zM14 14h5v5h-5z',
  send: 'M7 17L17 7M9 7h8v8',
  receive: 'M17 7L7 17M15 17H7V9',
  card: 'M3 6h18v12H3zM3 10h18M7 14.5h4',
  swap: 'M8 4v16M4 16l4 4 4-4M16 20V4M12 8l4-4 4 4',
} as const

export type IconName = keyof typeof paths

/** Icons that point along the reading direction: mirrored in a right-to-left language (base.css). */
const DIRECTIONAL: ReadonlySet<IconName> = new Set(['back', 'chevron'])

export function Icon({ name, size = 16 }: { name: IconName; size?: number }): ReactElement {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      className={DIRECTIONAL.has(name) ? 'wf-icon wf-icon-directional' : 'wf-icon'}
    >
      <path
        d={paths[name]}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

export function Spinner({ size = 16 }: { size?: number }): ReactElement {
  return <span className="wf-spinner" style={{ width: size, height: size }} aria-hidden="true" />
}
