/**
 * A policy per tool (from `switchboard://tools`): what a model's call does now (runs / asks / never,
 * and why, as main decides it), the policy in force and where it comes from, a
 * "Changed" marker when the tool's definition differs from the one accepted, "Lapsed" when an
 * "always" was given for an earlier definition, and a select to set always / ask / never / default.
 * Policies of tools that are not in the catalog right now are listed too, so they can be removed.
 */
import { useId, useState } from 'react'
import type { CatalogToolView, PermissionMode, PermissionsResource } from '../../../shared/hostApi'
import { textInput } from '../ui'
import { chip, decisionTone, markerTone } from './decisionTones'
import { PolicySelect } from './PolicySelect'
import { effectiveLabels, effectiveTone, policyLabels, policySourceText, type PolicyChoice } from './permissionText'
import { EmptyNote, tableClass, tdClass, thClass } from './tableStyles'
import { usePolicyChange } from './usePolicyChange'

function Markers({ changed, lapsed }: { changed: boolean; lapsed: boolean }) {
  if (!changed && !lapsed) return null
  return (
    <span className="inline-flex flex-wrap gap-1">
      {changed && (
        <span className={`${chip} ${markerTone}`} title="The tool's definition differs from the one you accepted; its next call asks first.">
          Changed
        </span>
      )}
      {lapsed && (
        <span className={`${chip} ${markerTone}`} title="“Always allow” was given for an earlier definition of this tool, so it asks again.">
          Lapsed
        </span>
      )}
    </span>
  )
}

/** Runs / Asks / Never, with why: what a model's call of the tool does now (main decides it). */
function EffectiveDecision({ effective }: { effective: CatalogToolView['policy']['effective'] }) {
  return (
    <div data-effective={effective.decision} className="space-y-0.5">
      <span className={`${chip} ${decisionTone[effectiveTone[effective.decision]]}`}>{effectiveLabels[effective.decision]}</span>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{effective.reason}</p>
      {effective.rules > 0 && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {effective.rules === 1 ? 'An argument rule names this tool' : `${effective.rules} argument rules name this tool`}: some calls may be decided otherwise.
        </p>
      )}
    </div>
  )
}

function ToolRow({ tool, mode }: { tool: CatalogToolView; mode: PermissionMode | undefined }) {
  const own: PolicyChoice = tool.policy.source === 'tool' && tool.policy.policy !== 'mode' ? tool.policy.policy : 'default'
  const [shown, change] = usePolicyChange({ tool: tool.name }, own)
  const title = tool.title ?? tool.annotations.title
  const byMode = tool.policy.policy === 'mode'
  const inForce = tool.policy.policy === 'mode' ? policySourceText(tool.policy, mode) : policyLabels[tool.policy.policy]
  return (
    <tr data-tool={tool.name}>
      <td className={tdClass}>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-mono text-[13px] font-medium wrap-anywhere">{tool.toolName}</span>
          {title && title !== tool.toolName && <span className="text-xs text-zinc-600 dark:text-zinc-400">{title}</span>}
        </p>
        <p className="font-mono text-[11px] text-zinc-400 dark:text-zinc-500">{tool.name}</p>
      </td>
      <td className={tdClass}>
        <EffectiveDecision effective={tool.policy.effective} />
      </td>
      <td className={tdClass}>
        <p className="flex flex-wrap items-center gap-1.5 text-sm">
          <span data-in-force className={byMode ? 'text-zinc-600 dark:text-zinc-400' : undefined}>
            {inForce}
          </span>
          <Markers changed={tool.policy.changed} lapsed={tool.policy.lapsed} />
        </p>
        {!byMode && <p className="text-xs text-zinc-500 dark:text-zinc-400">{policySourceText(tool.policy, mode)}</p>}
      </td>
      <td className={`${tdClass} text-right`}>
        <PolicySelect value={shown} label={`Policy for ${tool.name}`} defaultLabel="Default" onChange={(next) => void change(next)} />
      </td>
    </tr>
  )
}

function GoneToolRow({ name, policy }: { name: string; policy: PermissionsResource['toolPolicies'][string] }) {
  const [shown, change] = usePolicyChange({ tool: name }, policy.policy)
  return (
    <tr data-tool={name}>
      <td className={tdClass}>
        <p className="font-mono text-[13px] font-medium wrap-anywhere">{name}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Not available right now</p>
      </td>
      <td className={`${tdClass} text-xs text-zinc-500 dark:text-zinc-400`}>Not offered to the model</td>
      <td className={tdClass}>
        <p className="flex flex-wrap items-center gap-1.5 text-sm">
          {policyLabels[policy.policy]}
          <Markers changed={false} lapsed={policy.lapsed} />
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Set for this tool</p>
      </td>
      <td className={`${tdClass} text-right`}>
        <PolicySelect value={shown} label={`Policy for ${name}`} defaultLabel="Default (remove)" onChange={(next) => void change(next)} />
      </td>
    </tr>
  )
}

interface Props {
  tools: readonly CatalogToolView[] | null
  permissions: PermissionsResource
}

export function ToolPolicyTable({ tools, permissions }: Props) {
  const id = useId()
  const [filter, setFilter] = useState('')
  if (tools === null) return <EmptyNote>Loading the tool catalog…</EmptyNote>
  const known = new Set(tools.map((tool) => tool.name))
  const gone = Object.entries(permissions.toolPolicies).filter(([name]) => !known.has(name))
  if (tools.length === 0 && gone.length === 0) return <EmptyNote>No tools yet: they appear here once an extension is ready.</EmptyNote>

  const needle = filter.trim().toLowerCase()
  const matches = (text: string | undefined) => needle === '' || (text ?? '').toLowerCase().includes(needle)
  const shown = tools.filter((tool) => matches(tool.name) || matches(tool.title) || matches(tool.extensionName))
  const groups = new Map<string, { name: string; tools: CatalogToolView[] }>()
  for (const tool of shown) {
    const group = groups.get(tool.extensionId) ?? { name: tool.extensionName, tools: [] }
    group.tools.push(tool)
    groups.set(tool.extensionId, group)
  }
  const goneShown = gone.filter(([name]) => matches(name))

  return (
    <div className="space-y-2">
      {tools.length + gone.length > 8 && (
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-filter`} className="sr-only">
            Filter tools
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            value={filter}
            placeholder="Filter tools"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setFilter(event.target.value)}
            className={`${textInput} max-w-xs`}
          />
        </div>
      )}
      <div className={tableClass}>
        <table className="w-full text-sm">
          <caption className="sr-only">Policy per tool</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                Tool
              </th>
              <th scope="col" className={thClass}>
                When the model calls it
              </th>
              <th scope="col" className={thClass}>
                In force
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Policy
              </th>
            </tr>
          </thead>
          {[...groups].map(([extensionId, group]) => (
            <tbody key={extensionId} className="divide-y divide-zinc-200 dark:divide-zinc-800">
              <tr>
                <th
                  scope="colgroup"
                  colSpan={4}
                  className="bg-zinc-50/60 px-4 py-1.5 text-left text-xs font-semibold text-zinc-700 dark:bg-zinc-800/30 dark:text-zinc-300"
                >
                  {group.name} <span className="font-mono font-normal text-zinc-500 dark:text-zinc-400">{extensionId}</span>
                </th>
              </tr>
              {group.tools.map((tool) => (
                <ToolRow key={tool.name} tool={tool} mode={permissions.mode} />
              ))}
            </tbody>
          ))}
          {goneShown.length > 0 && (
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              <tr>
                <th scope="colgroup" colSpan={4} className="bg-zinc-50/60 px-4 py-1.5 text-left text-xs font-semibold text-zinc-700 dark:bg-zinc-800/30 dark:text-zinc-300">
                  Tools not in the catalog now
                </th>
              </tr>
              {goneShown.map(([name, policy]) => (
                <GoneToolRow key={name} name={name} policy={policy} />
              ))}
            </tbody>
          )}
          {groups.size === 0 && goneShown.length === 0 && (
            <tbody>
              <tr>
                <td colSpan={4} className="px-4 py-5 text-center text-sm text-zinc-500 dark:text-zinc-400">
                  No tool matches “{filter.trim()}”.
                </td>
              </tr>
            </tbody>
          )}
        </table>
      </div>
    </div>
  )
}
