import type { ReactElement } from 'react'
import { NetworkList } from './NetworkList.tsx'
import './networks.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

export function NetworksView(): ReactElement {
  const { t } = useI18n()
  return (
    <div className="wf-stack">
      <NetworkList />
      <p className="wf-muted wf-center wf-small">{t('networks.mayNotSupport')}</p>
    </div>
  )
}
