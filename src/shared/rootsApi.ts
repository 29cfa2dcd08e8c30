/**
 * Roots: folders offered to extensions (MCP `roots/list`) as places they may work in. Global ones
 * live in the settings; a session may add its own, offered while that session's reply is written.
 * Re-exported by hostApi.ts.
 */
import { z } from 'zod'

/** Most folders in one list (global, or one session's). */
export const MAX_ROOTS = 50

const noControlCharacters = (text: string) => ![...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)
/** `/home/me/project`, `C:\Users\me\project` or `\\server\share\project`. */
const absolutePath = /^(\/|[A-Za-z]:[\\/]|\\\\[^\\]+\\[^\\]+)/

export const RootFolderSchema = z.object({
  path: z
    .string()
    .trim()
    .min(1, 'Give the folder’s path.')
    .max(4096)
    .refine((path) => absolutePath.test(path), 'The folder must be an absolute path, e.g. /home/me/project or C:\\Users\\me\\project.')
    .refine(noControlCharacters, 'The path contains control characters (e.g. a newline); remove them.'),
  /** What servers see as the root's name; the folder's own name when absent. */
  name: z.string().trim().min(1).max(120).optional(),
})
export type RootFolder = z.infer<typeof RootFolderSchema>

export const RootFoldersSchema = z
  .array(RootFolderSchema)
  .max(MAX_ROOTS, `At most ${MAX_ROOTS} folders; remove some first.`)
  .refine((folders) => new Set(folders.map((folder) => folder.path)).size === folders.length, 'Each folder may appear only once.')

export const RootsToolInput = {
  /** The session's own folders, offered to extensions (with the global ones) while its reply is written. */
  session_set_roots: z.object({ id: z.string().min(1).max(100), folders: RootFoldersSchema }),
}
