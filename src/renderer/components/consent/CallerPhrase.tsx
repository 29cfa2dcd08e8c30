/**
 * Who asks, as every approval dialog begins: "*Cursor* (a connected app) asks", "*You* asked". The
 * words come from src/shared/callerKind.ts (main's messages use the same); the name is set apart and
 * its hidden characters shown, since names come from apps, extensions and the model.
 */
import { askVerb, callerWordsAtStart, type Caller } from '../../../shared/hostApi'
import { VisibleText } from '../VisibleText'

/** The caller at a sentence's start: "*Cursor* (a connected app)", "Agent *Researcher* (via …)". */
export function CallerName({ caller }: { caller: Caller }) {
  const { lead, name, tail } = callerWordsAtStart(caller)
  return (
    <>
      <VisibleText text={lead} />
      <em>
        <VisibleText text={name} />
      </em>
      <VisibleText text={tail} />
    </>
  )
}

export function CallerAsks({ caller }: { caller: Caller }) {
  return (
    <>
      <CallerName caller={caller} /> {askVerb(caller)}
    </>
  )
}
