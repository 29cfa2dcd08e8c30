/**
 * Wrong or missing tokens at the connected-apps endpoint: after WRONG_TOKEN_LIMIT of them within a
 * minute, requests without a valid token are refused (429) for a minute, so nobody can try tokens
 * or flood the window with knocks at full speed. Counted for the whole endpoint, not per source:
 * it listens on loopback only, where every caller is a local program with the same address. Only
 * requests whose token failed are ever asked about, so an app with a valid token is always served.
 */

export const WRONG_TOKEN_LIMIT = 20
export const WRONG_TOKEN_WINDOW_MS = 60_000

export interface WrongTokens {
  /**
   * A request came without a valid token: the seconds until such requests are served again while
   * refusing (this one is not counted), else undefined (counted; it gets the usual 401).
   */
  note(): number | undefined
}

export function createWrongTokens(limit = WRONG_TOKEN_LIMIT, windowMs = WRONG_TOKEN_WINDOW_MS): WrongTokens {
  /** When the recent wrong tokens came (at most `limit` entries). */
  let recent: number[] = []
  let refusingUntil = 0
  return {
    note() {
      const now = Date.now()
      if (now < refusingUntil) return Math.ceil((refusingUntil - now) / 1000)
      recent = recent.filter((time) => now - time < windowMs)
      recent.push(now)
      if (recent.length >= limit) {
        refusingUntil = now + windowMs
        recent = []
      }
      return undefined
    },
  }
}
