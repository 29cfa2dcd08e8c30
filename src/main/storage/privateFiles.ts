/**
 * Everything in the data folder is the person's own (chats, settings, logs, bundles): on POSIX,
 * folders are created 0700 and files 0600 so other local users cannot read them. Every writer
 * creates folders through `makePrivateDir` and files with `PRIVATE_FILE_MODE`. Windows ignores modes;
 * the per-user profile folder protects the data there.
 */
import { chmod, mkdir } from 'node:fs/promises'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600
/** A program file of a bundle: runnable, still readable by its owner only. */
export const PRIVATE_EXECUTABLE_MODE = 0o700

/** `mkdir -p` with 0700 for every folder it creates. */
export async function makePrivateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_DIR_MODE })
}

/**
 * The data folder itself: created 0700, and narrowed to 0700 when an earlier version made it with
 * the default mode, so files written before (readable inside a 0755 folder) are out of reach too.
 */
export async function makePrivateDataDir(path: string): Promise<void> {
  await makePrivateDir(path)
  if (process.platform !== 'win32') await chmod(path, PRIVATE_DIR_MODE)
}
