/** The small app logo: a switchboard's crossed lines on an indigo tile. */
export function AppMark({ size = 'size-6' }: { size?: string }) {
  return (
    <span aria-hidden="true" className={`${size} inline-flex items-center justify-center rounded-md bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm`}>
      <svg viewBox="0 0 24 24" className="size-3/5" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round">
        <circle cx="6" cy="6" r="1.6" fill="currentColor" />
        <circle cx="18" cy="18" r="1.6" fill="currentColor" />
        <circle cx="6" cy="18" r="1.6" fill="currentColor" />
        <path d="M7.5 7.5 16.5 16.5M7.5 18h4.5a6 6 0 0 0 6-6V6" />
      </svg>
    </span>
  )
}
