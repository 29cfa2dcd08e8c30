/** Settings → General: the theme, the data folder, where secrets are kept, default instructions, roots and updates. */
import type { SettingsResource, Theme } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { usePendingValue } from '../../hooks/usePendingValue'
import { ThemeRadioGroup } from '../ThemeRadioGroup'
import { DataFolder } from './DataFolder'
import { KeychainStatus } from './KeychainStatus'
import { RootsSettings } from './RootsSettings'
import { SettingsSection } from './SettingsSection'
import { UpdateSettings } from './UpdateSettings'
import { InstructionsEditor } from '../instructions/InstructionsEditor'

export function GeneralSettings({ settings }: { settings: SettingsResource }) {
  const act = useHostAction()
  const [theme, expectTheme, clearTheme] = usePendingValue<Theme>(settings.theme)

  const changeTheme = async (next: Theme) => {
    expectTheme(next)
    if (!(await act('settings_update', { patch: { theme: next } }))) clearTheme()
  }

  return (
    <div className="space-y-8">
      <SettingsSection id="appearance" title="Appearance" description="Choose how Switchboard looks on this computer.">
        <ThemeRadioGroup value={theme} onChange={(next) => void changeTheme(next)} />
      </SettingsSection>
      <SettingsSection id="data" title="Data folder" description="Your sessions and settings are stored here." divided>
        <DataFolder path={settings.dataDir} />
      </SettingsSection>
      <SettingsSection id="keychain" title="Secret storage" description="Where API keys and tokens are kept." divided>
        <KeychainStatus status={settings.keychain} />
      </SettingsSection>
      <SettingsSection
        id="instructions"
        title="Default instructions"
        description="What the model is told at the start of every session that has no instructions of its own (a system prompt). A session's own instructions are set in the chat header."
        divided
      >
        <InstructionsEditor
          saved={settings.defaultInstructions}
          label="Default instructions"
          placeholder="For example: You are a helpful assistant. Answer briefly, in plain words."
          onSave={async (defaultInstructions) => (await act('settings_update', { patch: { defaultInstructions } })) !== undefined}
        />
      </SettingsSection>
      <RootsSettings settings={settings} />
      <UpdateSettings settings={settings} />
    </div>
  )
}
