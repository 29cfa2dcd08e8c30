/**
 * Verify: walks every kept segment, oldest first, and checks each record's hash (its line without
 * the hash), that its `prev` is the hash of the record before and that seqs follow one another; then
 * compares the newest record with the seal the settings keep (HMAC-keyed with the install's key).
 *
 * What it proves (docs/guide/activity.md): an edited, removed, inserted or reordered line inside the
 * kept segments shows as a break, and so does a removed segment that retention did not remove. A cut
 * tail, or a log rewritten from some line on with fresh hashes, shows only against the seal — and only
 * when the key is kept in the keychain. What it cannot prove: that someone who holds the key (the
 * person's own account with the keychain unlocked) did not rewrite the log *and* the seal; that records
 * lost in a crash's last second were ever written; that what the record says happened is all that
 * happened outside Switchboard.
 */
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import type { ActivityRecord, VerifyReport } from '../../shared/activityApi'
import { GENESIS, sealMac, sha256, type ActivityLog, type ActivitySeal } from './activityLog'

const MAX_BREAKS = 50

export async function verifyActivity(activity: ActivityLog, readSeal: () => ActivitySeal | undefined): Promise<VerifyReport> {
  await activity.flush()
  const seal = readSeal()
  const key = await activity.key
  const breaks: VerifyReport['breaks'] = []
  const problem = (file: string, line: number, text: string, seq?: number) => {
    if (breaks.length < MAX_BREAKS) breaks.push({ file, line, ...(seq !== undefined ? { seq } : {}), problem: text })
  }
  const names = await activity.segments()
  let records = 0
  let prevHash: string | undefined
  let prevSeq: number | undefined
  let first: { file: string; record: ActivityRecord } | undefined
  const retentions = new Set<string>()
  const bySeq = new Map<number, string>()
  for (const file of names) {
    const handle = await open(join(activity.dir, file), 'r')
    let lineNo = 0
    try {
      for await (const line of handle.readLines()) {
        lineNo += 1
        if (line === '') continue
        let record: ActivityRecord
        try {
          record = JSON.parse(line) as ActivityRecord
        } catch {
          problem(file, lineNo, 'the line is not a whole JSON record (cut off or edited)')
          prevHash = undefined
          continue
        }
        records += 1
        const { hash, ...rest } = record
        if (sha256(JSON.stringify(rest)) !== hash) problem(file, lineNo, 'the record was changed after it was written (its hash does not match its content)', record.seq)
        if (prevHash === undefined && first === undefined) first = { file, record }
        else if (prevHash !== undefined && record.prev !== prevHash) {
          const why = prevSeq !== undefined && record.seq !== prevSeq + 1 ? (record.seq > prevSeq + 1 ? `records #${prevSeq + 1}–#${record.seq - 1} are missing` : 'records are out of order') : 'it does not follow the record before (a record was removed, inserted or moved)'
          problem(file, lineNo, why, record.seq)
        }
        if (record.kind === 'retention' && record.subject) retentions.add(record.subject)
        prevHash = hash
        prevSeq = record.seq
        bySeq.set(record.seq, hash)
      }
    } finally {
      await handle.close()
    }
  }
  // The oldest kept record starts the chain, or follows the last record retention removed.
  if (first && first.record.prev !== GENESIS && !retentions.has(`${first.record.seq - 1}:${first.record.prev}`)) {
    problem(first.file, 1, `the log starts at #${first.record.seq}, but no retention record says the records before it were removed: older records were deleted`, first.record.seq)
  }
  let sealState: VerifyReport['seal']
  if (!key.kept) sealState = 'unkeyed'
  else if (!seal) sealState = records === 0 ? 'matches' : 'missing'
  else if (sealMac(key, seal.seq, seal.hash) !== seal.mac) sealState = 'mismatch'
  else sealState = bySeq.get(seal.seq) === seal.hash ? 'matches' : 'mismatch'
  if (sealState === 'mismatch' && seal) {
    const newest = prevSeq ?? 0
    problem(names.at(-1) ?? '(none)', 0, seal.seq > newest ? `the log ends at #${newest} but the seal says #${seal.seq}: its tail was cut` : `record #${seal.seq} differs from the sealed one: the log was rewritten`, seal.seq)
  }
  const ok = breaks.length === 0 && (sealState === 'matches' || sealState === 'unkeyed')
  const sealWords = {
    matches: 'The newest record matches the seal kept in the settings.',
    mismatch: 'The newest records do not match the seal kept in the settings.',
    missing: 'There is no seal in the settings to check the end of the log against (it was removed, or the settings were reset).',
    unkeyed: 'The end of the log could not be checked: without a keychain the key lives for this run only, so a cut tail would not show.',
  }[sealState]
  const summary = `${ok ? 'The chain is whole' : `The chain breaks at ${breaks.length} place${breaks.length === 1 ? '' : 's'}`}: ${records} records in ${names.length} segment${names.length === 1 ? '' : 's'}. ${sealWords} Verify shows edits, removals and reordering inside the log, and a cut tail against the seal; it cannot show a rewrite by someone who also holds the key in your keychain, nor records lost in a crash's last second.`
  return { ok, records, segments: names.length, breaks, seal: sealState, summary }
}
