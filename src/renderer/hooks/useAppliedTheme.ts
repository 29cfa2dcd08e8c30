/** Puts the `dark` class on <html> from the theme setting; "system" follows the OS live. */
import { useEffect } from 'react'
import { useSettingsStore } from '../stores/settingsStore'

/** Switches the class with transitions off for a moment, so that the whole window changes at once. */
function applyDark(dark: boolean): void {
  const root = document.documentElement
  if (root.classList.contains('dark') === dark) return
  root.classList.add('theme-switching')
  root.classList.toggle('dark', dark)
  void getComputedStyle(root).color // flush styles while transitions are off
  requestAnimationFrame(() => root.classList.remove('theme-switching'))
}

export function useAppliedTheme(): void {
  const theme = useSettingsStore((state) => state.settings?.theme ?? 'system')
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    const apply = () => applyDark(theme === 'dark' || (theme === 'system' && media.matches))
    apply()
    if (theme !== 'system') return
    media.addEventListener('change', apply)
    return () => media.removeEventListener('change', apply)
  }, [theme])
}
