/**
 * *Brings outside content* (docs/guide/provenance.md): whether what this extension returns counts as
 * text from outside, after which the guard asks before acting tools. Default: yes for remote extensions.
 * Trust is a separate setting.
 */
import type { ExtensionView } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'

export function OutsideContentSetting({ extension }: { extension: ExtensionView }) {
  const act = useHostAction()
  const id = `outside-${extension.id}`
  const value = extension.outsideContent.marked === null ? 'default' : extension.outsideContent.marked ? 'yes' : 'no'
  const remote = extension.type === 'streamable-http' || extension.type === 'sse'
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium">
        Brings outside content
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => void act('extension_set_outside_content', { id: extension.id, marked: event.target.value === 'default' ? null : event.target.value === 'yes' })}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="default">Default ({remote ? 'yes: remote' : 'no: local'})</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </select>
      <span className="text-zinc-500 dark:text-zinc-400">after its text, tools that can act ask first.</span>
    </div>
  )
}
