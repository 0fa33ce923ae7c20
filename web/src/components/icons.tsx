/** Small inline icons (no icon font: one less request and nothing for CSP to block). */
const base = { width: 22, height: 22, viewBox: '0 0 24 24', focusable: false } as const;
const line = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const MenuIcon = () => (
  <svg aria-hidden="true" {...base} {...line}>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </svg>
);
export const CloseIcon = () => (
  <svg aria-hidden="true" {...base} {...line}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const CartIcon = () => (
  <svg aria-hidden="true" {...base} {...line}>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.6 12.2a2 2 0 0 0 2 1.6h8.3a2 2 0 0 0 2-1.5L22 7H6" />
  </svg>
);
export const UserIcon = () => (
  <svg aria-hidden="true" {...base} {...line}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);
export const SearchIcon = () => (
  <svg aria-hidden="true" {...base} {...line} width={18} height={18}>
    <circle cx="11" cy="11" r="7" />
    <path d="M21 21l-4.3-4.3" />
  </svg>
);
export const TrashIcon = () => (
  <svg aria-hidden="true" {...base} {...line} width={18} height={18}>
    <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
  </svg>
);
export const TruckIcon = () => (
  <svg aria-hidden="true" {...base} {...line} width={16} height={16}>
    <path d="M1 4h14v11H1zM15 8h4l3 3v4h-7z" />
    <circle cx="6" cy="18" r="2" />
    <circle cx="18" cy="18" r="2" />
  </svg>
);
export const FacebookIcon = () => (
  <svg aria-hidden="true" {...base} fill="currentColor">
    <path d="M14 8h3V4h-3c-2.8 0-4 1.8-4 4.5V11H7v4h3v9h4v-9h3l1-4h-4V8.8c0-.5.3-.8 1-.8z" />
  </svg>
);
export const InstagramIcon = () => (
  <svg aria-hidden="true" {...base} {...line}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
  </svg>
);
export const XIcon = () => (
  <svg aria-hidden="true" {...base} fill="currentColor">
    <path d="M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
  </svg>
);
export const YoutubeIcon = () => (
  <svg aria-hidden="true" {...base} fill="currentColor">
    <path d="M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .4-3.8 31 31 0 0 0-.4-3.8zM10 15.1V8.9l5.2 3.1z" />
  </svg>
);
