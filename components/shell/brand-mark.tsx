/** The product's mark: inline SVG with fixed dimensions, so it costs no request and no layout shift. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path d="M9 11h14M16 11v13M11 24h10" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" fill="none" />
      <path d="M16 5.5 20 9h-8z" fill="#fff" />
    </svg>
  );
}
