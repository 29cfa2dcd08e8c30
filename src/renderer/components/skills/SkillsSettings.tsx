/**
 * Settings → Skills (docs/guide/skills.md): every skill with its source, state and token weight; on
 * or off globally, for the open session or for an agent; search; the SKILL.md preview read through
 * the same checked path as load_skill; remove; add a folder or a .zip; create one. Everything goes
 * through the host API (`switchboard://skills`, the skill_* tools). Loaded lazily with the settings.
 */
import { useMemo, useState } from 'react'
import { SkillsResourceSchema, SKILLS_URI, type SkillPreview, type SkillView } from '../../../shared/hostApi'
import { useHostResource } from '../../hooks/useHostResource'
import { useHostAction } from '../../hooks/useHostAction'
import { useAgentsStore } from '../../stores/agentsStore'
import { useViewStore } from '../../stores/viewStore'
import { PathField } from '../PathField'
import { primaryButton, quietButton, quietDangerButton, secondaryButton, textInput } from '../ui'

const stateText: Record<SkillView['state'], string> = {
  found: 'Found — off until you turn it on',
  enabled: 'On',
  disabled: 'Off',
  changed: 'Skill changed — needs approval again',
  shadowed: 'Shadowed',
}

export function SkillsSettings() {
  const view = useHostResource(SKILLS_URI, SkillsResourceSchema)
  const [query, setQuery] = useState('')
  const shown = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
    return (view?.skills ?? []).filter((skill) => words.every((word) => `${skill.name} ${skill.description} ${skill.sourceLabel}`.toLowerCase().includes(word)))
  }, [view, query])

  return (
    <section aria-labelledby="skills-heading" className="space-y-4">
      <div>
        <h2 id="skills-heading" className="text-base font-semibold">
          Skills
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Folders with a SKILL.md that teach the model a task: yours (~/.agents/skills, ~/.claude/skills and your root folders&apos; .agents/skills) and those MCP servers publish. The model sees the names and descriptions of the skills that are on, and loads one when a task fits. A skill found on disk or offered by a server stays off until you turn it on.
        </p>
      </div>
      <input type="search" className={`${textInput} w-full`} placeholder="Search skills" aria-label="Search skills" value={query} onChange={(event) => setQuery(event.target.value)} />
      {view === null ? (
        <p className="text-sm text-zinc-500">Loading…</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{view.skills.length === 0 ? 'No skills yet. Add a skill folder or a .zip, or create one below.' : 'No skill matches.'}</p>
      ) : (
        <ul aria-label="Skills" className="space-y-2">
          {shown.map((skill) => (
            <SkillRow key={`${skill.extensionId} ${skill.uri}`} skill={skill} />
          ))}
        </ul>
      )}
      {view && view.problems.length > 0 && (
        <div className="rounded-md border border-amber-300 p-3 text-sm dark:border-amber-700">
          <h3 className="font-medium">Skipped</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {view.problems.map((problem) => (
              <li key={`${problem.path} ${problem.message}`}>
                <code className="break-all">{problem.path}</code>: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <AddSkill />
      <CreateSkill />
    </section>
  )
}

function SkillRow({ skill }: { skill: SkillView }) {
  const act = useHostAction()
  const agents = useAgentsStore((state) => state.agents?.agents)
  const sessionId = useViewStore((state) => state.selectedId)
  const [preview, setPreview] = useState<SkillPreview | null>(null)
  const [confirmRemove, setConfirmRemove] = useState(false)
  const key = { extensionId: skill.extensionId, uri: skill.uri }
  const on = skill.state === 'enabled'
  const setEnabled = (enabled: boolean | null, scope: 'global' | 'session' | 'agent' = 'global', id?: string) => act('skill_set_enabled', { ...key, enabled, scope, ...(id ? { id } : {}) })
  const sessionChoice = sessionId ? skill.sessions[sessionId] : undefined

  return (
    <li className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-2">
            <span className="font-medium">{skill.name}</span>
            <span className={`rounded px-1.5 text-xs ${skill.source === 'server' ? 'bg-violet-100 text-violet-800 dark:bg-violet-900/40 dark:text-violet-200' : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'}`}>{skill.sourceLabel}</span>
            {skill.dynamic && <span className="text-xs text-amber-700 dark:text-amber-300">Dynamic: approval lasts until you quit</span>}
          </div>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{skill.description}</p>
          <p className="mt-1 text-xs text-zinc-500">
            {skill.state === 'shadowed' ? `Shadowed by ${skill.shadowedBy ?? 'another skill'}` : stateText[skill.state]} · ≈ {skill.listTokens} tokens listed
            {skill.bodyTokens !== undefined ? ` · ≈ ${skill.bodyTokens} tokens when loaded` : ''}
            {skill.files !== undefined ? ` · ${skill.files} file${skill.files === 1 ? '' : 's'}` : ''}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-1.5">
          {skill.state !== 'shadowed' && (
            <button type="button" className={on ? secondaryButton : primaryButton} onClick={() => void setEnabled(!on)}>
              {on ? 'Turn off' : skill.state === 'changed' ? 'Approve again' : 'Turn on'}
            </button>
          )}
          <button type="button" className={quietButton} aria-expanded={preview !== null} onClick={async () => setPreview(preview ? null : ((await act('skill_preview', key)) ?? null))}>
            {preview ? 'Hide SKILL.md' : 'Preview'}
          </button>
          {skill.source === 'personal' &&
            (confirmRemove ? (
              <>
                <button type="button" className={quietDangerButton} onClick={() => void act('skill_remove', key)}>
                  Remove folder
                </button>
                <button type="button" className={quietButton} onClick={() => setConfirmRemove(false)}>
                  Keep
                </button>
              </>
            ) : (
              <button type="button" className={quietDangerButton} onClick={() => setConfirmRemove(true)}>
                Remove…
              </button>
            ))}
        </div>
      </div>
      {skill.state !== 'shadowed' && (
        <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-zinc-600 dark:text-zinc-400">
          {sessionId && (
            <label className="flex items-center gap-1">
              This session:
              <select className="rounded border border-zinc-300 bg-transparent px-1 dark:border-zinc-700" value={sessionChoice === undefined ? 'default' : sessionChoice ? 'on' : 'off'} onChange={(event) => void setEnabled(event.target.value === 'default' ? null : event.target.value === 'on', 'session', sessionId)}>
                <option value="default">as globally</option>
                <option value="on">on</option>
                <option value="off">off</option>
              </select>
            </label>
          )}
          {(agents ?? []).map((agent) => {
            const choice = skill.agents[agent.id]
            return (
              <label key={agent.id} className="flex items-center gap-1">
                {agent.name}:
                <select className="rounded border border-zinc-300 bg-transparent px-1 dark:border-zinc-700" value={choice === undefined ? 'default' : choice ? 'on' : 'off'} onChange={(event) => void setEnabled(event.target.value === 'default' ? null : event.target.value === 'on', 'agent', agent.id)}>
                  <option value="default">as globally</option>
                  <option value="on">on</option>
                  <option value="off">off</option>
                </select>
              </label>
            )
          })}
        </div>
      )}
      {preview && (
        <div className="mt-3 space-y-2 text-sm">
          {preview.notes.map((note) => (
            <p key={note} className="text-amber-700 dark:text-amber-300">
              {note}
            </p>
          ))}
          <pre className="max-h-80 overflow-auto rounded bg-zinc-50 p-2 text-xs whitespace-pre-wrap dark:bg-zinc-900">{preview.body}</pre>
          {preview.files.length > 1 && <p className="text-xs text-zinc-500">Files: {preview.files.join(', ')}</p>}
        </div>
      )}
    </li>
  )
}

function AddSkill() {
  const act = useHostAction()
  const [path, setPath] = useState('')
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const add = async () => {
    setBusy(true)
    setDone(null)
    const result = await act('skill_add', { path: path.trim() })
    setBusy(false)
    if (result) {
      setDone(`Added ${result.added.map((skill) => skill.name).join(', ')}.`)
      setPath('')
    }
  }
  return (
    <div className="space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <h3 className="text-sm font-medium">Add a skill folder or a .zip</h3>
      <p className="text-xs text-zinc-500">Copied into ~/.agents/skills and turned on; checked whole first (frontmatter, no links, at most 512 files and 16 MiB).</p>
      <PathField label="Skill folder or .zip path" placeholder="/path/to/skill or skills.zip" folderTitle="Choose a skill folder" zipTitle="Choose a .zip of skills" value={path} onChange={setPath}>
        <button type="button" className={secondaryButton} disabled={busy || path.trim() === ''} onClick={() => void add()}>
          {busy ? 'Adding…' : 'Add'}
        </button>
      </PathField>
      {done && (
        <p role="status" className="text-xs text-emerald-700 dark:text-emerald-300">
          {done}
        </p>
      )}
    </div>
  )
}

function CreateSkill() {
  const act = useHostAction()
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [body, setBody] = useState('')
  if (!open) {
    return (
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
        Create a skill…
      </button>
    )
  }
  const create = async () => {
    const result = await act('skill_add', { create: { name: name.trim(), description: description.trim(), body } })
    if (result) {
      setOpen(false)
      setName('')
      setDescription('')
      setBody('')
    }
  }
  return (
    <form
      className="space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800"
      onSubmit={(event) => {
        event.preventDefault()
        void create()
      }}
    >
      <h3 className="text-sm font-medium">New skill (written to ~/.agents/skills/&lt;name&gt;/SKILL.md)</h3>
      <input className={`${textInput} w-full`} aria-label="Name" placeholder="name: lowercase-with-hyphens" value={name} onChange={(event) => setName(event.target.value)} required maxLength={64} />
      <input className={`${textInput} w-full`} aria-label="Description" placeholder="What it does and when to use it" value={description} onChange={(event) => setDescription(event.target.value)} required maxLength={1024} />
      <textarea className={`${textInput} h-40 w-full font-mono`} aria-label="Instructions" placeholder="# Instructions for the model" value={body} onChange={(event) => setBody(event.target.value)} />
      <div className="flex gap-2">
        <button type="submit" className={primaryButton}>
          Create
        </button>
        <button type="button" className={quietButton} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  )
}
