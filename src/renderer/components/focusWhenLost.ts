/**
 * Moves the focus to `target` only when nobody holds it: the element that had it was removed (the
 * browser then hands the focus to `<body>`) or nothing is focused. A list calls this once the host
 * confirmed a removal; by then the person may already be elsewhere (the list's resource update
 * often arrives before the tool's answer), and taking the focus back would swallow their next key.
 */
export interface FocusState {
  activeElement: unknown
  body: unknown
}

export function focusIsLost(state: FocusState): boolean {
  return state.activeElement === null || state.activeElement === state.body
}

export function focusWhenLost(target: { focus: () => void } | null, state: FocusState = document): void {
  if (target && focusIsLost(state)) target.focus()
}
