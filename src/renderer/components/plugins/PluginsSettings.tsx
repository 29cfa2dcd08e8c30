/**
 * Settings → Plugins (docs/guide/plugins.md): install a plugin (Claude Code format) from a folder, a
 * .zip or a marketplace URL; the one consent screen lists everything it brings — each server's exact
 * launch and env names, each hook's command line, agents, skills, commands, what is not mapped and,
 * for an update, what changed — then the installed plugins with what each added, on/off and
 * uninstall. Everything goes through the host API (`switchboard://plugins`, the plugin_* tools).
 * Loaded lazily with the settings; every control is a button or a field (keyboard reachable).
 */
import { useState } from 'react'
import { PLUGINS_URI, PluginsResourceSchema, type MarketplaceListing, type PluginPreview, type PluginView } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useHostResource } from '../../hooks/useHostResource'
import { InlineConfirm } from '../InlineConfirm'
import { PathField } from '../PathField'
import { primaryButton, quietButton, quietDangerButton, secondaryButton } from '../ui'

export function PluginsSettings() {
  const view = useHostResource(PLUGINS_URI, PluginsResourceSchema)
  return (
    <section aria-labelledby="plugins-heading" className="space-y-4">
      <div>
        <h2 id="plugins-heading" className="text-base font-semibold">
          Plugins
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          A plugin brings MCP servers, agents, hooks, skills and commands in one install, in the format Claude Code and VS Code use. Each server still asks before it first starts, and each hook before it first runs. Uninstall removes exactly what the plugin added.
        </p>
      </div>
      <InstallPlugin />
      {view === null ? (
        <p className="text-sm text-zinc-500">Loading…</p>
      ) : view.plugins.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No plugins installed.</p>
      ) : (
        <ul aria-label="Installed plugins" className="space-y-2">
          {view.plugins.map((plugin) => (
            <PluginRow key={plugin.name} plugin={plugin} />
          ))}
        </ul>
      )}
    </section>
  )
}

function InstallPlugin() {
  const act = useHostAction()
  const [source, setSource] = useState('')
  const [busy, setBusy] = useState(false)
  const [listing, setListing] = useState<MarketplaceListing | null>(null)
  const [sheet, setSheet] = useState<PluginPreview | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const isUrl = /^(https?|file):\/\//i.test(source.trim())

  const look = async (plugin?: string) => {
    setBusy(true)
    setDone(null)
    setSheet(null)
    const result = await act('plugin_preview', isUrl ? { url: source.trim(), ...(plugin ? { plugin } : {}) } : { path: source.trim() })
    setBusy(false)
    if (!result) return
    if (result.marketplace) setListing(result.marketplace)
    if (result.plugin) setSheet(result.plugin)
  }
  const install = async () => {
    if (!sheet) return
    setBusy(true)
    const result = await act('plugin_install', { token: sheet.token })
    setBusy(false)
    if (result) {
      setDone(`${result.outcome === 'updated' ? 'Updated' : 'Installed'} ${result.plugin.name}. Its servers and hooks ask for approval before they first run.`)
      setSheet(null)
    }
  }

  return (
    <div className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <h3 className="text-sm font-medium">Install a plugin</h3>
      <PathField
        label="Plugin folder, .zip or marketplace URL"
        placeholder="/path/to/plugin, plugin.zip or https://…/.claude-plugin/marketplace.json"
        folderTitle="Choose a plugin folder"
        zipTitle="Choose a plugin .zip"
        value={source}
        onChange={(value) => {
          setSource(value)
          setListing(null)
          setSheet(null)
        }}
      >
        <button type="button" className={secondaryButton} disabled={busy || source.trim() === ''} onClick={() => void look()}>
          {busy ? 'Reading…' : isUrl ? 'Open marketplace' : 'Preview'}
        </button>
      </PathField>
      {listing && (
        <ul aria-label={`Plugins of ${listing.name}`} className="space-y-1">
          {listing.plugins.map((entry) => (
            <li key={entry.name} className="flex flex-wrap items-baseline gap-2 text-sm">
              <span className="font-medium">{entry.name}</span>
              {entry.version && <span className="text-xs text-zinc-500">{entry.version}</span>}
              <span className="min-w-0 flex-1 text-zinc-600 dark:text-zinc-400">{entry.supported ? entry.description : `Not supported yet: ${entry.reason ?? ''}`}</span>
              {entry.supported && (
                <button type="button" className={quietButton} disabled={busy} onClick={() => void look(entry.name)}>
                  Preview
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sheet && <ConsentSheet sheet={sheet} busy={busy} onInstall={() => void install()} onCancel={() => setSheet(null)} />}
      {done && (
        <p role="status" className="text-xs text-emerald-700 dark:text-emerald-300">
          {done}
        </p>
      )}
    </div>
  )
}

/** The one consent screen: everything the plugin brings, exactly as it will be added. */
function ConsentSheet({ sheet, busy, onInstall, onCancel }: { sheet: PluginPreview; busy: boolean; onInstall: () => void; onCancel: () => void }) {
  return (
    <div role="region" aria-label={`Install ${sheet.name}`} className="space-y-3 rounded-md bg-zinc-50 p-3 text-sm dark:bg-zinc-900">
      <div>
        <p className="font-medium">
          {sheet.name} {sheet.version && <span className="text-zinc-500">{sheet.version}</span>} {sheet.author && <span className="text-zinc-500">by {sheet.author}</span>}
        </p>
        {sheet.description && <p className="text-zinc-600 dark:text-zinc-400">{sheet.description}</p>}
        <p className="text-xs text-zinc-500">
          Copied to <code className="break-all">{sheet.installDir}</code>
        </p>
      </div>
      {sheet.update && (
        <Part title={`Update from ${sheet.update.fromVersion ?? 'the installed version'}`}>
          {[...sheet.update.added.map((part) => `Added: ${part}`), ...sheet.update.changed.map((part) => `Changed: ${part}`), ...sheet.update.removed.map((part) => `Removed: ${part}`)].map((line) => (
            <li key={line}>{line}</li>
          ))}
          {sheet.update.added.length + sheet.update.changed.length + sheet.update.removed.length === 0 && <li>Nothing changed.</li>}
        </Part>
      )}
      <Part title="MCP servers (each asks before it first starts)">
        {sheet.servers.map((server) => (
          <li key={server.name}>
            <span className="font-medium">{server.extensionId}</span>:{' '}
            <code className="break-all">{server.type === 'stdio' ? [server.command, ...(server.args ?? [])].join(' ') : server.url}</code>
            {server.env.length > 0 && <span> · env {server.env.join(', ')}</span>}
            {server.headers.length > 0 && <span> · headers {server.headers.join(', ')}</span>}
            {server.secrets.length > 0 && <span className="block text-xs text-amber-700 dark:text-amber-300">Set in Settings → Secrets before it starts: {server.secrets.join(', ')}</span>}
          </li>
        ))}
      </Part>
      <Part title="Hooks (each asks before it first runs)">
        {sheet.hooks.map((hook) => (
          <li key={hook.name}>
            {hook.fileEvent}
            {hook.matcher ? ` ${hook.matcher}` : ''}: <code className="break-all">{hook.command}</code>
          </li>
        ))}
      </Part>
      <Part title="Agents">
        {sheet.agents.map((agent) => (
          <li key={agent.id}>
            <span className="font-medium">{agent.name}</span> — {agent.description}
          </li>
        ))}
      </Part>
      <Part title="Skills (turned on)">
        {sheet.skills.map((skill) => (
          <li key={skill.name}>
            <span className="font-medium">{skill.name}</span> — {skill.description}
          </li>
        ))}
      </Part>
      <Part title="Commands (prompts)">
        {sheet.commands.map((command) => (
          <li key={command.name}>
            <span className="font-medium">/{command.name}</span> {command.argumentHint && <span className="text-zinc-500">{command.argumentHint}</span>} — {command.description}
          </li>
        ))}
      </Part>
      <Part title="Not mapped">
        {sheet.notMapped.map((item) => (
          <li key={`${item.part} ${item.reason}`}>
            {item.part}: {item.reason}
          </li>
        ))}
      </Part>
      <div className="flex gap-2">
        <button type="button" className={primaryButton} disabled={busy} onClick={onInstall}>
          {busy ? 'Installing…' : sheet.update ? 'Update' : 'Install'}
        </button>
        <button type="button" className={quietButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}

function Part({ title, children }: { title: string; children: React.ReactNode[] | React.ReactNode }) {
  const items = Array.isArray(children) ? children.filter(Boolean) : [children].filter(Boolean)
  if (items.length === 0) return null
  return (
    <div>
      <h4 className="text-xs font-semibold text-zinc-700 uppercase dark:text-zinc-300">{title}</h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">{items}</ul>
    </div>
  )
}

function PluginRow({ plugin }: { plugin: PluginView }) {
  const act = useHostAction()
  const [confirm, setConfirm] = useState(false)
  const [busy, setBusy] = useState(false)
  const uninstall = async () => {
    setBusy(true)
    await act('plugin_uninstall', { name: plugin.name, confirm: plugin.edited.length > 0 })
    setBusy(false)
    setConfirm(false)
  }
  const { added } = plugin
  const parts = [
    ...added.extensions.map((id) => `extension ${id}`),
    ...added.agents.map((id) => `agent ${id}`),
    ...added.hooks.map((hook) => `hook ${hook.name}`),
    ...added.skills.map((skill) => `skill ${skill.name}`),
    ...added.prompts.map((name) => `command /${name}`),
    ...added.secrets.map((name) => `secret ${name}`),
  ]
  return (
    <li className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p>
            <span className="font-medium">{plugin.name}</span> {plugin.version && <span className="text-xs text-zinc-500">{plugin.version}</span>} <span className="text-xs text-zinc-500">{plugin.enabled ? 'On' : 'Off'}</span>
          </p>
          {plugin.description && <p className="text-sm text-zinc-600 dark:text-zinc-400">{plugin.description}</p>}
          <p className="mt-1 text-xs text-zinc-500">Added: {parts.join(', ') || 'nothing'}</p>
          {plugin.edited.length > 0 && <p className="text-xs text-amber-700 dark:text-amber-300">Edited since the install: {plugin.edited.join(', ')}</p>}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-1.5">
          <button type="button" className={plugin.enabled ? secondaryButton : primaryButton} onClick={() => void act('plugin_set_enabled', { name: plugin.name, enabled: !plugin.enabled })}>
            {plugin.enabled ? 'Turn off' : 'Turn on'}
          </button>
          <button type="button" className={quietDangerButton} disabled={confirm} onClick={() => setConfirm(true)}>
            Uninstall…
          </button>
        </div>
      </div>
      {confirm && (
        <InlineConfirm
          label={`Uninstall ${plugin.name}?`}
          confirm={plugin.edited.length > 0 ? 'Uninstall, edits included' : 'Uninstall'}
          busyText="Uninstalling…"
          busy={busy}
          onConfirm={() => void uninstall()}
          onCancel={() => setConfirm(false)}
        >
          Removes {parts.join(', ') || 'nothing it added'}, and its folder.
          {plugin.edited.length > 0 && ` ${plugin.edited.join(', ')} ${plugin.edited.length > 1 ? 'were' : 'was'} edited since the install; the edits go too.`}
        </InlineConfirm>
      )}
    </li>
  )
}
