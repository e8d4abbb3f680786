/** The Tandem mark: two linked rings, for the two chains one wallet rides. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="tandem-mark" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#6b3bff" />
          <stop offset="1" stopColor="#14c8e6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#tandem-mark)" />
      <circle cx="12.5" cy="16" r="6" fill="none" stroke="#fff" strokeWidth="2.6" />
      <circle cx="19.5" cy="16" r="6" fill="none" stroke="#fff" strokeWidth="2.6" strokeOpacity="0.75" />
    </svg>
  );
}

export function BrandWordmark() {
  return (
    <span className="brand">
      <BrandMark />
      <span className="brand__name">Tandem</span>
    </span>
  );
}
