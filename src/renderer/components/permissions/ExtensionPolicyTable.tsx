/** A policy per installed extension (from `switchboard://extensions`); a tool's own policy still wins over it. */
import type { ExtensionView, PermissionsResource } from '../../../shared/hostApi'
import { typeLabels } from '../extensions/extensionText'
import { PolicySelect } from './PolicySelect'
import { EmptyNote, tableClass, tdClass, thClass } from './tableStyles'
import { usePolicyChange } from './usePolicyChange'

function ExtensionRow({ extension, policy }: { extension: ExtensionView; policy: PermissionsResource['extensionPolicies'][string] | undefined }) {
  const [shown, change] = usePolicyChange({ extension: extension.id }, policy ?? 'default')
  return (
    <tr>
      <td className={tdClass}>
        <p className="font-medium break-words">{extension.name}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          <code className="font-mono">{extension.id}</code> · {typeLabels[extension.type]}
        </p>
      </td>
      <td className={`${tdClass} text-xs text-zinc-600 dark:text-zinc-400`}>{extension.trust === 'trusted' ? 'Trusted' : 'Not trusted'}</td>
      <td className={`${tdClass} text-right`}>
        <PolicySelect value={shown} label={`Policy for the extension ${extension.name}`} defaultLabel="Default (mode)" onChange={(next) => void change(next)} />
      </td>
    </tr>
  )
}

interface Props {
  extensions: readonly ExtensionView[] | null
  policies: PermissionsResource['extensionPolicies']
}

export function ExtensionPolicyTable({ extensions, policies }: Props) {
  if (extensions === null) return <EmptyNote>Loading extensions…</EmptyNote>
  if (extensions.length === 0) return <EmptyNote>No extensions are installed.</EmptyNote>
  return (
    <div className={tableClass}>
      <table className="w-full text-sm">
        <caption className="sr-only">Policy per extension</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              Extension
            </th>
            <th scope="col" className={thClass}>
              Trust
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Policy
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {extensions.map((extension) => (
            <ExtensionRow key={extension.id} extension={extension} policy={policies[extension.id]} />
          ))}
        </tbody>
      </table>
    </div>
  )
}
