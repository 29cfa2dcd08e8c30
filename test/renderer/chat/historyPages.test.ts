/** The pages the window holds (historyPages.ts): joined onto the newest page, checked, and extended. */
import { describe, expect, it } from 'vitest'
import type { ChatMessageView, HistoryResource } from '../../../src/shared/hostApi'
import { shownHistory, withNewer, withOlder } from '../../../src/renderer/components/chat/historyPages'

const created = '2026-01-01T09:30:00.000Z'
const message = (n: number): ChatMessageView => ({ id: `m${n}`, role: n % 2 === 0 ? 'user' : 'assistant', text: `text ${n}`, created, ...(n % 2 === 0 ? {} : { toolCalls: [] }) }) as ChatMessageView
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => message(from + i))
/** The page [from, to) of a conversation of `total` messages, as the host sends it. */
const page = (from: number, to: number, total: number): HistoryResource => ({
  sessionId: 's1',
  messages: range(from, to),
  offset: from,
  total,
  hasOlder: from > 0,
  hasNewer: to < total,
  ...(from > 0 ? { precedingId: `m${from - 1}` } : {}),
})
const ids = (messages: readonly ChatMessageView[]) => messages.map((m) => Number(m.id.slice(1)))

describe('the history pages the window holds', () => {
  it('shows the newest page alone until an older page is read, then both as one list', () => {
    const latest = page(150, 200, 200)
    expect(shownHistory(latest, null)).toMatchObject({ offset: 150, total: 200, hasOlder: true, hasNewer: false, stale: false })
    const run = withOlder(shownHistory(latest, null), page(100, 150, 200))
    expect(run).not.toBeNull()
    const shown = shownHistory(latest, run)
    expect(ids(shown.messages)).toEqual(ids(range(100, 200)))
    expect(shown).toMatchObject({ offset: 100, hasOlder: true, hasNewer: false })
    const oldest = withOlder(shown, page(50, 100, 200))
    expect(shownHistory(latest, oldest)).toMatchObject({ offset: 50 })
  })

  it('keeps the older pages joined while new messages arrive on the newest page', () => {
    const run = withOlder(shownHistory(page(150, 200, 200), null), page(100, 150, 200))
    const grown = page(152, 202, 202)
    const shown = shownHistory(grown, run)
    expect(ids(shown.messages)).toEqual(ids(range(100, 202)))
    expect(shown.total).toBe(202)
  })

  it('drops the held pages when the newest page no longer joins them (what they held was set aside)', () => {
    const run = withOlder(shownHistory(page(150, 200, 200), null), page(100, 150, 200))
    // An edit far back in a long last exchange: the newest page now follows other messages.
    const edited: HistoryResource = { ...page(120, 170, 170), precedingId: 'other' }
    expect(shownHistory(edited, run)).toMatchObject({ stale: true, offset: 120 })
    expect(ids(shownHistory(edited, run).messages)).toEqual(ids(range(120, 170)))
  })

  it('refuses an older page that does not end where the list starts', () => {
    expect(withOlder(shownHistory(page(150, 200, 200), null), page(90, 140, 200))).toBeNull()
  })

  it('shows a page far back alone, marked as not reaching the newest, until pages after it join on', () => {
    const latest = page(950, 1000, 1000)
    const around = { offset: 100, messages: range(100, 150) }
    expect(shownHistory(latest, around)).toMatchObject({ offset: 100, hasOlder: true, hasNewer: true })
    let run: ReturnType<typeof withNewer> = around
    while (shownHistory(latest, run).hasNewer) {
      const end = run!.offset + run!.messages.length
      run = withNewer(run!, page(end, Math.min(end + 200, 1000), 1000))
      expect(run).not.toBeNull()
    }
    const shown = shownHistory(latest, run)
    expect(ids(shown.messages)).toEqual(ids(range(100, 1000)))
    expect(withNewer(around, page(160, 200, 1000))).toBeNull()
  })

  it('lets a page that starts inside the newest page add nothing', () => {
    expect(shownHistory(page(150, 200, 200), { offset: 170, messages: range(170, 200) })).toMatchObject({ offset: 150, stale: false, hasNewer: false })
  })
})
