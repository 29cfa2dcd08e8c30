/** An installed extension's edit form: the add form filled in from its config (built-in ones have none). */
import { useExtensionsStore } from '../../../stores/extensionsStore'
import { AddExtensionForm } from './AddExtensionForm'
import { isEditable } from './extensionForm'

export function EditExtensionPage({ id }: { id: string }) {
  const extension = useExtensionsStore((state) => state.extensions?.find((candidate) => candidate.id === id))
  if (!extension) return <p className="text-sm text-zinc-600 dark:text-zinc-400">This extension is not installed (any more).</p>
  if (extension.builtIn || !isEditable(extension.type)) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{extension.name} is part of Switchboard and has nothing to edit.</p>
  return <AddExtensionForm editing={{ ...extension, type: extension.type }} />
}
