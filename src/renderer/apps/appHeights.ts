/** Last height each App reported (by call id), so a card keeps its size while its App is away or restarts. */
const heights = new Map<string, number>()
/** Height of an App that has not reported one yet. */
export const DEFAULT_APP_HEIGHT = 160

export const appHeight = (callId: string): number => heights.get(callId) ?? DEFAULT_APP_HEIGHT
export const rememberAppHeight = (callId: string, height: number): void => void heights.set(callId, height)
