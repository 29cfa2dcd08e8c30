/** Settings → General → Folders for extensions: the roots every extension is offered. */
import type { RootFolder, SettingsResource } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { RootFoldersEditor } from './RootFoldersEditor'
import { SettingsSection } from './SettingsSection'

export function RootsSettings({ settings }: { settings: SettingsResource }) {
  const act = useHostAction()
  const save = async (roots: RootFolder[]) => (await act('settings_update', { patch: { roots } })) !== undefined
  return (
    <SettingsSection
      id="roots"
      title="Folders for extensions"
      description="Extensions that work with files (like a filesystem server) are told about these folders as the places they may use. Each session can add its own in the chat header."
      divided
    >
      <RootFoldersEditor folders={settings.roots} onSave={save} label="Folders for every session" />
    </SettingsSection>
  )
}
