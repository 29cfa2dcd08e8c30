/**
 * Settings → Permissions: how much Switchboard asks (the mode), standing policies per extension and
 * per tool, argument rules with a tester, the pinned tool definitions, and "revoke all". Everything
 * shown comes from `switchboard://permissions`, `switchboard://tools` and `switchboard://extensions`;
 * every change is a permission tool call, and main decides what it means.
 */
import type { PermissionMode, PermissionsResource } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { usePendingValue } from '../../hooks/usePendingValue'
import { useCatalogStore } from '../../stores/catalogStore'
import { useExtensionsStore } from '../../stores/extensionsStore'
import { usePermissionsStore } from '../../stores/permissionsStore'
import { SettingsSection } from '../settings/SettingsSection'
import { ExtensionPolicyTable } from './ExtensionPolicyTable'
import { GuardSettings } from './GuardSettings'
import { AssistedReviewSettings } from './AssistedReviewSettings'
import { RuleSuggestions } from './RuleSuggestions'
import { ModePicker } from './ModePicker'
import { PinList } from './PinList'
import { RevokeAll } from './RevokeAll'
import { RuleList } from './RuleList'
import { RuleTester } from './RuleTester'
import { ToolPolicyTable } from './ToolPolicyTable'
import { ManagedNote } from '../policy/ManagedNote'
import { usePolicy } from '../policy/usePolicy'
import { modeLabel } from './permissionText'

/** How many standing grants "revoke all" would take back. */
function grantCount(permissions: PermissionsResource): number {
  return (
    Object.values(permissions.toolPolicies).filter((policy) => policy.policy === 'always').length +
    Object.values(permissions.extensionPolicies).filter((policy) => policy === 'always').length +
    permissions.rules.filter((rule) => rule.decision === 'allow').length
  )
}

export function PermissionsSettings() {
  const permissions = usePermissionsStore((state) => state.permissions)
  if (!permissions) {
    return (
      <p role="status" className="rounded-lg border border-zinc-200 px-4 py-6 text-center text-sm text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        Loading permissions…
      </p>
    )
  }
  return <PermissionsPage permissions={permissions} />
}

function PermissionsPage({ permissions }: { permissions: PermissionsResource }) {
  const act = useHostAction()
  const catalog = useCatalogStore((state) => state.catalog)
  const extensions = useExtensionsStore((state) => state.extensions)
  const [mode, expectMode, clearMode] = usePendingValue<PermissionMode>(permissions.mode)
  const tools = catalog?.tools ?? []
  const least = usePolicy()?.managed.leastStrictMode

  const changeMode = async (next: PermissionMode) => {
    expectMode(next)
    if (!(await act('permission_mode_set', { mode: next }))) clearMode()
  }

  return (
    <div className="space-y-10">
      <SettingsSection
        id="permission-mode"
        title="Permissions"
        description="How much Switchboard asks before the model’s tool calls run. Policies and rules below refine the mode; whatever they say, a changed tool asks first."
      >
        {least && least !== 'autonomous' && <ManagedNote detail={`the mode can be no less strict than ${modeLabel(least)}.`} />}
        <ModePicker value={mode} onChange={(next) => void changeMode(next)} least={least} />
      </SettingsSection>

      <GuardSettings />

      <AssistedReviewSettings view={permissions.assistedReview} />

      <SettingsSection
        id="permission-extensions"
        title="Extensions"
        description="A policy for all tools of an extension. “Default” leaves it to the mode; a tool’s own policy wins over its extension’s."
        divided
      >
        <ExtensionPolicyTable extensions={extensions} policies={permissions.extensionPolicies} />
      </SettingsSection>

      <SettingsSection
        id="permission-tools"
        title="Tools"
        description="The policy in force for each tool and where it comes from. “Always allow” is bound to the tool’s definition: when the tool changes, it lapses and asks again."
        divided
      >
        <ToolPolicyTable tools={catalog?.tools ?? null} permissions={permissions} />
      </SettingsSection>

      <SettingsSection
        id="permission-rules"
        title="Argument rules"
        description="Decide calls by what they are about: a glob or regular expression on one argument. Deny wins over ask, ask over allow, whatever the order."
        divided
      >
        <RuleSuggestions suggestions={permissions.suggestions ?? []} />
        <RuleList rules={permissions.rules} tools={tools} />
        <div className="space-y-2 pt-2">
          <h3 className="text-sm font-semibold">Try a call</h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">See what the rules make of a sample call before the model makes it.</p>
          <RuleTester rules={permissions.rules} tools={tools} />
        </div>
      </SettingsSection>

      <SettingsSection
        id="permission-pins"
        title="Tool definitions"
        description="Switchboard pins each tool’s name, description and input schema the first time it sees it. A tool that changes is marked and asks before its next call."
        divided
      >
        <PinList pins={permissions.pins} />
      </SettingsSection>

      <SettingsSection
        id="permission-revoke"
        title="Revoke grants"
        description="Take back everything you allowed for good, in one step."
        divided
      >
        <RevokeAll grants={grantCount(permissions)} />
      </SettingsSection>
    </div>
  )
}
