/** Small stroke icons (decorative: the buttons that hold them carry the accessible name). */
import type { ReactNode, SVGProps } from 'react'

function Icon({ children, className, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
      className={`shrink-0 ${className ?? 'size-4'}`}
    >
      {children}
    </svg>
  )
}

type P = SVGProps<SVGSVGElement>

export const PlusIcon = (props: P) => <Icon {...props}><path d="M12 5v14M5 12h14" /></Icon>
export const PencilIcon = (props: P) => <Icon {...props}><path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" /></Icon>
export const TrashIcon = (props: P) => (
  <Icon {...props}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
  </Icon>
)
export const GearIcon = (props: P) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
  </Icon>
)
export const ChatIcon = (props: P) => <Icon {...props}><path d="M21 12a8 8 0 0 1-11.5 7.2L4 20l1-4.4A8 8 0 1 1 21 12Z" /></Icon>
export const CloseIcon = (props: P) => <Icon {...props}><path d="M6 6l12 12M18 6 6 18" /></Icon>
export const AlertIcon = (props: P) => (
  <Icon {...props}>
    <path d="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
  </Icon>
)
export const BackIcon = (props: P) => <Icon {...props}><path d="M15 18l-6-6 6-6" /></Icon>
export const KeyIcon = (props: P) => (
  <Icon {...props}>
    <circle cx="8" cy="15" r="4" />
    <path d="m10.8 12.2 9.7-9.7M17 6l2.5 2.5M14.5 8.5 16.5 10.5" />
  </Icon>
)
export const ShieldCheckIcon = (props: P) => (
  <Icon {...props}>
    <path d="M12 3 4.5 6v5.5c0 4.5 3.2 8.3 7.5 9.5 4.3-1.2 7.5-5 7.5-9.5V6Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
)
export const CopyIcon = (props: P) => (
  <Icon {...props}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </Icon>
)
export const CheckIcon = (props: P) => <Icon {...props}><path d="m5 12.5 4.5 4.5L19 7.5" /></Icon>
export const InfoIcon = (props: P) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </Icon>
)
export const SlidersIcon = (props: P) => (
  <Icon {...props}>
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12" />
    <circle cx="16" cy="6" r="2" />
    <circle cx="10" cy="12" r="2" />
    <circle cx="18" cy="18" r="2" />
  </Icon>
)
export const RefreshIcon = (props: P) => (
  <Icon {...props}>
    <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.6 4.5L20 16M20 20v-4h-4" />
  </Icon>
)
export const PlugIcon = (props: P) => (
  <Icon {...props}>
    <path d="M9 3v5M15 3v5M6 8h12v3a6 6 0 0 1-12 0ZM12 17v4" />
  </Icon>
)
export const TerminalIcon = (props: P) => (
  <Icon {...props}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="m7 9 3 3-3 3M13 15h4" />
  </Icon>
)
export const GlobeIcon = (props: P) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Icon>
)
export const PlayIcon = (props: P) => <Icon {...props}><path d="M7 5v14l11-7Z" /></Icon>
export const ChevronRightIcon = (props: P) => <Icon {...props}><path d="m9 6 6 6-6 6" /></Icon>
export const ChevronDownIcon = (props: P) => <Icon {...props}><path d="m6 9 6 6 6-6" /></Icon>
export const ArrowDownIcon = (props: P) => <Icon {...props}><path d="M12 5v14M6 13l6 6 6-6" /></Icon>
export const WrenchIcon = (props: P) => (
  <Icon {...props}>
    <path d="M14.7 6.3a4 4 0 0 0 5 5L21 12.6a6 6 0 0 1-7.6 1.8L7 20.8a2 2 0 0 1-2.8-2.8l6.4-6.4A6 6 0 0 1 12.4 4l1.3 1.3Z" />
  </Icon>
)
export const LockIcon = (props: P) => (
  <Icon {...props}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </Icon>
)
export const StopIcon = (props: P) => <Icon {...props}><rect x="6" y="6" width="12" height="12" rx="1.5" /></Icon>
export const SearchIcon = (props: P) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </Icon>
)
export const DownloadIcon = (props: P) => <Icon {...props}><path d="M12 4v11M7 10.5l5 5 5-5M5 20h14" /></Icon>
