/**
 * The providers' marks, drawn inline (24px grid): the modal fetches no image from a provider. Simple
 * shapes in each brand's colour, so that users recognise them; decorative, the buttons say the name.
 */
import type { SocialProvider } from '@walletframe/protocol'
import type { ReactElement } from 'react'
import './social.css'

const GOOGLE_ARCS = [
  ['#4285f4', 'M12.4 12h6.7A7.1 7.1 0 0 1 17.02 17.02'],
  ['#34a853', 'M17.02 17.02A7.1 7.1 0 0 1 6.56 16.56'],
  ['#fbbc05', 'M6.56 16.56A7.1 7.1 0 0 1 6.18 7.93'],
  ['#ea4335', 'M6.18 7.93A7.1 7.1 0 0 1 17.28 7.25'],
] as const

const MARKS: Record<SocialProvider, () => ReactElement> = {
  google: () => (
    <g fill="none" strokeWidth="3.4">
      {GOOGLE_ARCS.map(([color, d]) => (
        <path key={color} d={d} stroke={color} />
      ))}
    </g>
  ),
  x: () => (
    <path
      fill="currentColor"
      fillRule="evenodd"
      d="M2 3h6.1l14 18h-6.1zM4.9 4.4h2.5l11.8 15.2h-2.5zM18.4 3h2.6l-7.3 8.3-1.3-1.7zM10.3 12.6l1.3 1.7L4.6 21H2z"
    />
  ),
  discord: () => (
    <>
      <circle cx="12" cy="12" r="11" fill="#5865f2" />
      <path
        fill="#fff"
        d="M7.6 7.9Q12 6.1 16.4 7.9Q18.5 11.1 18.3 15.3Q16.9 16.5 15.1 17L14.3 15.8Q12 16.5 9.7 15.8L8.9 17Q7.1 16.5 5.7 15.3Q5.5 11.1 7.6 7.9z"
      />
      <ellipse cx="9.9" cy="12.6" rx="1.2" ry="1.35" fill="#5865f2" />
      <ellipse cx="14.1" cy="12.6" rx="1.2" ry="1.35" fill="#5865f2" />
    </>
  ),
  farcaster: () => (
    <>
      <rect width="24" height="24" rx="6" fill="#855dcd" />
      <path fill="#fff" d="M6 5.5h12v2.2h-1V18h-2.6v-4.6a2.4 2.4 0 0 0-4.8 0V18H7V7.7H6z" />
      <path fill="#fff" d="M5.6 17h3.6v1.5H5.6zM14.8 17h3.6v1.5h-3.6z" />
    </>
  ),
  // The mark is a disc with the cat cut out, so the tile's own colour shows through in both themes.
  github: () => (
    <path
      fill="currentColor"
      fillRule="evenodd"
      d="M12 1a11 11 0 1 0 0 22 11 11 0 1 0 0-22zM9.6 22.7v-3.2c-2.6.6-3.2-1.2-3.2-1.2-.4-1.1-1-1.4-1-1.4-.9-.6 0-.6 0-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.3 1.1 2.8.8.1-.6.3-1 .6-1.3-2.1-.2-4.3-1-4.3-4.7 0-1 .4-1.9 1-2.6-.1-.3-.4-1.2.1-2.5 0 0 .8-.3 2.6 1a9 9 0 0 1 4.7 0c1.8-1.2 2.6-1 2.6-1 .5 1.3.2 2.2.1 2.5.6.7 1 1.5 1 2.6 0 3.7-2.2 4.5-4.3 4.7.3.3.6.9.6 1.8v4.1a11 11 0 0 1-4.8 0z"
    />
  ),
  apple: () => (
    <g fill="currentColor">
      <path d="M16.5 12.7c0-2.1 1.7-3.1 1.8-3.2-1-1.4-2.5-1.6-3-1.6-1.3-.1-2.5.8-3.1.8-.7 0-1.7-.8-2.7-.8-1.4 0-2.7.8-3.4 2.1-1.5 2.5-.4 6.3 1 8.3.7 1 1.5 2.1 2.6 2.1 1 0 1.4-.7 2.7-.7s1.6.7 2.7.7 1.8-1 2.4-2c.8-1.1 1.1-2.2 1.1-2.3 0 0-2.1-.8-2.1-3.4z" />
      <path d="M14.5 6.5c.6-.7 1-1.7.9-2.7-.8 0-1.9.6-2.5 1.3-.5.6-1 1.6-.9 2.6 1 .1 1.9-.5 2.5-1.2z" />
    </g>
  ),
  facebook: () => (
    <>
      <circle cx="12" cy="12" r="11" fill="#1877f2" />
      <path
        fill="#fff"
        d="M13.4 23v-8.4h2.8l.4-3.3h-3.2V9.2c0-.9.3-1.6 1.6-1.6h1.7V4.7c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2.4H7.2v3.3H10V23z"
      />
    </>
  ),
}

export function SocialGlyph({
  provider,
  size = 20,
}: {
  provider: SocialProvider
  size?: number
}): ReactElement {
  const Mark = MARKS[provider]
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className="wf-social-glyph">
      <Mark />
    </svg>
  )
}
