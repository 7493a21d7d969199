import type { ReactElement, ReactNode } from 'react'
import { Icon } from './icons.tsx'

export function ListItem(props: {
  icon: ReactNode
  label: string
  tag?: string | undefined
  tagTone?: 'accent' | 'success' | 'neutral'
  trailing?: ReactNode
  onClick: () => void
  disabled?: boolean
  testId?: string
}): ReactElement {
  return (
    <button
      type="button"
      className="wf-list-item"
      onClick={props.onClick}
      disabled={props.disabled}
      data-testid={props.testId}
    >
      <span className="wf-list-item-icon">{props.icon}</span>
      <span className="wf-list-item-label">{props.label}</span>
      {props.tag ? <span className={`wf-tag wf-tag-${props.tagTone ?? 'neutral'}`}>{props.tag}</span> : null}
      {props.trailing ?? <Icon name="chevron" size={14} />}
    </button>
  )
}
