import type { ReactElement } from 'react'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { Icon } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { useSession } from '../core/index.ts'

/** The Disconnect row of the Account and UnsupportedChain views. */
export function DisconnectItem(): ReactElement {
  const session = useSession()
  const { t } = useI18n()
  return (
    <ListItem
      testId="disconnect"
      icon={
        <span className="wf-round-icon">
          <Icon name="power" size={14} />
        </span>
      }
      label={t('connect.disconnect')}
      trailing={<span />}
      onClick={() => void session.disconnect()}
    />
  )
}
