/** A data folder with a session list of a given length, written as sessionIndex.ts writes its snapshot. */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { SessionSummary } from '../../src/shared/hostApi'
import { tempDir } from './tempDir'

/** `count` sessions, session i last changed at second i (so the newest is the last); `remove` deletes the folder. */
export async function dataDirWithSessions(count: number): Promise<{ path: string; sessions: SessionSummary[]; remove: () => Promise<void> }> {
  const dir = await tempDir()
  const sessions = Array.from({ length: count }, (_, i): SessionSummary => {
    const at = new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString()
    return { id: `s-${String(i).padStart(5, '0')}`, title: `Session ${i}`, created: at, updated: at, messageCount: 0, toolOffer: 'auto' }
  })
  await mkdir(join(dir.path, 'sessions'), { recursive: true })
  await writeFile(join(dir.path, 'sessions', 'index.json'), JSON.stringify({ version: 1, sessions }))
  return { path: dir.path, sessions, remove: dir.remove }
}
