/**
 * Schedules as run times (schedule.ts over croner): presets and cron in two time zones, both DST
 * days (a time in the spring gap runs at the first minute after it; a time that happens twice runs
 * once), every N hours as elapsed time, and schedules that cannot run refused naming the problem.
 */
import { describe, expect, it } from 'vitest'
import { cronOf, describeSchedule, nextRuns, slotsOf } from '../../../../src/main/services/routines/schedule'

const at = (iso: string) => Date.parse(iso)
const isoList = (list: number[]) => list.map((ms) => new Date(ms).toISOString())
/** Wall-clock time in a zone: "2026-03-09 08:00". */
const local = (ms: number, timeZone: string) => new Date(ms).toLocaleString('sv-SE', { timeZone }).slice(0, 16)

describe('routine schedules', () => {
  it('a weekday preset runs Monday to Friday at the local time, in New York and in Berlin', () => {
    const weekdays = { kind: 'weekdays', time: '08:00' } as const
    expect(cronOf(weekdays)).toBe('0 8 * * 1-5')
    // Friday 6 March 2026, before 08:00 in both zones.
    const from = at('2026-03-06T05:00:00Z')
    const ny = nextRuns(weekdays, 'America/New_York', from)
    expect(ny.map((ms) => local(ms, 'America/New_York'))).toEqual(['2026-03-06 08:00', '2026-03-09 08:00', '2026-03-10 08:00', '2026-03-11 08:00', '2026-03-12 08:00'])
    // New York moved to summer time on 8 March: 08:00 is 13:00 UTC before and 12:00 UTC after.
    expect(isoList(ny.slice(0, 2))).toEqual(['2026-03-06T13:00:00.000Z', '2026-03-09T12:00:00.000Z'])
    const berlin = nextRuns(weekdays, 'Europe/Berlin', from)
    expect(isoList(berlin.slice(0, 2))).toEqual(['2026-03-06T07:00:00.000Z', '2026-03-09T07:00:00.000Z'])
    expect(describeSchedule(weekdays, 'Europe/Berlin')).toBe('Weekdays at 08:00 (Europe/Berlin)')
  })

  it('daily, weekly and cron schedules read the same clock', () => {
    expect(cronOf({ kind: 'daily', time: '07:30' })).toBe('30 7 * * *')
    expect(cronOf({ kind: 'weekly', days: [5, 1, 5], time: '18:05' })).toBe('5 18 * * 1,5')
    expect(describeSchedule({ kind: 'weekly', days: [5, 1], time: '18:05' }, 'UTC')).toBe('Every Monday, Friday at 18:05 (UTC)')
    const weekly = nextRuns({ kind: 'weekly', days: [1, 5], time: '18:05' }, 'Asia/Tokyo', at('2026-01-01T00:00:00Z'), 3)
    expect(weekly.map((ms) => local(ms, 'Asia/Tokyo'))).toEqual(['2026-01-02 18:05', '2026-01-05 18:05', '2026-01-09 18:05'])
    const cron = nextRuns({ kind: 'cron', expression: '15 */6 * * *' }, 'Asia/Tokyo', at('2026-01-01T00:00:00Z'), 3)
    expect(cron.map((ms) => local(ms, 'Asia/Tokyo'))).toEqual(['2026-01-01 12:15', '2026-01-01 18:15', '2026-01-02 00:15'])
  })

  it('spring forward: a time in the gap runs at the first minute after it, once', () => {
    // Berlin skips 02:00–03:00 on 29 March 2026.
    const runs = nextRuns({ kind: 'daily', time: '02:30' }, 'Europe/Berlin', at('2026-03-27T12:00:00Z'), 4)
    expect(runs.map((ms) => local(ms, 'Europe/Berlin'))).toEqual(['2026-03-28 02:30', '2026-03-29 03:00', '2026-03-30 02:30', '2026-03-31 02:30'])
    // New York skips 02:00–03:00 on 8 March 2026.
    const ny = nextRuns({ kind: 'daily', time: '02:15' }, 'America/New_York', at('2026-03-07T12:00:00Z'), 2)
    expect(ny.map((ms) => local(ms, 'America/New_York'))).toEqual(['2026-03-08 03:00', '2026-03-09 02:15'])
  })

  it('fall back: a time that happens twice runs once, at its first occurrence', () => {
    // Berlin goes from 03:00 back to 02:00 on 25 October 2026: 02:30 happens at 00:30 and 01:30 UTC.
    const runs = nextRuns({ kind: 'daily', time: '02:30' }, 'Europe/Berlin', at('2026-10-24T12:00:00Z'), 2)
    expect(isoList(runs)).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z'])
    const ny = nextRuns({ kind: 'daily', time: '01:30' }, 'America/New_York', at('2026-10-31T12:00:00Z'), 2)
    expect(isoList(ny)).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z'])
  })

  it('every N hours counts elapsed hours, across a DST change too', () => {
    const from = at('2026-10-24T23:00:00Z')
    const runs = nextRuns({ kind: 'every-hours', hours: 2 }, 'Europe/Berlin', from, 3)
    expect(isoList(runs)).toEqual(['2026-10-25T01:00:00.000Z', '2026-10-25T03:00:00.000Z', '2026-10-25T05:00:00.000Z'])
    const slots = slotsOf({ kind: 'every-hours', hours: 2 }, 'Europe/Berlin', from)
    expect(isoList(slots.between(from + 60_000, from + 7 * 3_600_000, 10))).toEqual(['2026-10-25T01:00:00.000Z', '2026-10-25T03:00:00.000Z', '2026-10-25T05:00:00.000Z'])
    expect(slots.next(at('2026-10-25T01:00:00Z'))).toBe(at('2026-10-25T03:00:00Z'))
  })

  it('refuses a malformed cron, an impossible date and an unknown time zone, naming the problem', () => {
    expect(() => slotsOf({ kind: 'cron', expression: '61 * * * *' }, 'UTC', 0)).toThrow(/"61 \* \* \* \*" cannot be read: Invalid value for minute: 61/)
    expect(() => slotsOf({ kind: 'cron', expression: '0 8 * *' }, 'UTC', 0)).toThrow(/has 4 fields; write five/)
    expect(() => slotsOf({ kind: 'cron', expression: '0 0 30 2 *' }, 'UTC', at('2026-01-01T00:00:00Z'))).toThrow(/names a date that never comes \(such as 30 February\)/)
    expect(() => slotsOf({ kind: 'daily', time: '08:00' }, 'Mars/Olympus', 0)).toThrow(/"Mars\/Olympus" is not a time zone Switchboard knows/)
  })
})
