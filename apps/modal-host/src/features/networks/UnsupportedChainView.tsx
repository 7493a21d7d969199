import type { ReactElement } from 'react'
import { Icon } from '../../ui/icons.tsx'
import { DisconnectItem } from '../connect/index.ts'
import { NetworkList } from './NetworkList.tsx'
import './networks.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

export function UnsupportedChainView(): ReactElement {
  const { t } = useI18n()
  return (
    <div className="wf-stack">
      <div className="wf-notice" role="status">
        <Icon name="warning" size={18} />
        <p>{t('networks.unsupported')}</p>
      </div>
      <NetworkList />
      <hr className="wf-divider" />
      <DisconnectItem />
    </div>
  )
}
