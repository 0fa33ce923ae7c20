import { useI18n } from '../lib/i18n.tsx'; /** The Vastra wordmark: a folded-cloth mark and the name. */
export function Logo({ size = 32 }: { size?: number }) {
  const i18n = useI18n();
  return (
    <span className="logo">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--logo-bg, var(--brand))" />
        <path d="M8 9l8 15 8-15" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinejoin="round" />
        <path d="M12 9h8" stroke="var(--accent)" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="logo-text">{i18n._('Vastra')}</span>
    </span>
  );
}
