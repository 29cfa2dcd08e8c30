/**
 * Skills a server publishes over `io.modelcontextprotocol/skills` (SEP-2640), read through the SDK's
 * `SkillsClient` on the extension's own session: listing needs only `skills/list` (no file is read
 * ahead of need), and every file read is checked against the entry (size, sha256, and for SKILL.md
 * the frontmatter) before anything above the extension manager sees it.
 */
import type { Skill, SkillVerificationError } from '@modelcontextprotocol/client/ext/skills'
import { isClientError } from '../mcpClient/clientSdk'
import type { ExtensionConnection } from '../connection/extensionConnection'
import { errorText } from '../text'

export type { Skill } from '@modelcontextprotocol/client/ext/skills'

/** What one server publishes: its valid entries, and why any other entry was refused. */
export interface SkillListing {
  supported: boolean
  skills: Skill[]
  invalid: { uri?: string; reason: string }[]
}

/** Lists a server's skills (every page); an empty listing for a server without the extension. */
export async function listSkills(connection: ExtensionConnection): Promise<SkillListing> {
  const client = connection.skills
  if (!client.supported) return { supported: false, skills: [], invalid: [] }
  const listing = await client.list()
  return { supported: true, skills: listing.skills, invalid: listing.invalid.map(({ uri, reason }) => ({ ...(uri ? { uri } : {}), reason })) }
}

/** One skill file, checked against the entry. */
export interface VerifiedSkillFile {
  uri: string
  text?: string
  size: number
  verified: boolean
  frontmatter?: Record<string, unknown>
  body?: string
}

/**
 * Reads `ref` (relative to the skill's root; SKILL.md by default) of `skill` from the extension that
 * published it. Unlisted files are refused before any request; a file that fails a check is never
 * returned — the error says which check and that the skill needs approving again once refreshed.
 */
export async function readSkillFile(connection: ExtensionConnection, skill: Skill, ref?: string): Promise<VerifiedSkillFile> {
  try {
    const file = await connection.skills.read(skill, ref)
    return {
      uri: file.uri,
      ...(file.text !== undefined ? { text: file.text } : {}),
      size: file.bytes.byteLength,
      verified: file.verified,
      ...(file.frontmatter ? { frontmatter: file.frontmatter } : {}),
      ...(file.body !== undefined ? { body: file.body } : {}),
    }
  } catch (error) {
    if (isClientError(error, 'SkillVerificationError')) throw new Error(verificationText(error, skill), { cause: error })
    throw new Error(`Could not read ${ref ?? 'SKILL.md'} of skill "${skill.frontmatter.name}": ${errorText(error)}`, { cause: error })
  }
}

function verificationText(error: SkillVerificationError, skill: Skill): string {
  const name = skill.frontmatter.name
  switch (error.reason) {
    case 'unlisted':
      return `"${error.uri}" is not one of the files skill "${name}" lists; only listed files can be read.`
    case 'size':
    case 'digest':
      return `Skill "${name}": ${error.uri} does not match what the server listed for it (${error.reason === 'size' ? 'its size differs' : 'its content differs'}), so it was not used. The skill must be refreshed and approved again.`
    case 'frontmatter':
      return `Skill "${name}": the frontmatter of ${error.uri} differs from what the server listed (${error.differences.join('; ')}), so the skill was not loaded. It must be refreshed and approved again.`
  }
}
