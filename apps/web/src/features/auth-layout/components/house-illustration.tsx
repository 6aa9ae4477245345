/**
 * A house in the evening with warm windows and a thermostat dial: calm, drawn in SVG so it
 * stays sharp and costs no download.
 */
export function HouseIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 320" className={className} aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="auth-glow" cx="50%" cy="55%" r="55%">
          <stop offset="0%" stopColor="#fde68a" stopOpacity="0.35" />
          <stop offset="100%" stopColor="#fde68a" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="auth-window" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#fde68a" />
          <stop offset="100%" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <circle cx="200" cy="170" r="150" fill="url(#auth-glow)" />
      <path
        d="M40 292h320"
        stroke="#ffffff"
        strokeOpacity="0.35"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <path
        d="M92 150 200 70l108 80v140H92Z"
        fill="#ffffff"
        fillOpacity="0.1"
        stroke="#ffffff"
        strokeOpacity="0.6"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M92 218h216" stroke="#ffffff" strokeOpacity="0.35" strokeWidth="2" />
      <rect x="116" y="164" width="44" height="36" rx="5" fill="url(#auth-window)" />
      <rect x="178" y="164" width="44" height="36" rx="5" fill="#ffffff" fillOpacity="0.18" />
      <rect x="240" y="164" width="44" height="36" rx="5" fill="url(#auth-window)" opacity="0.85" />
      <rect x="116" y="236" width="44" height="36" rx="5" fill="url(#auth-window)" opacity="0.7" />
      <rect x="182" y="238" width="36" height="52" rx="4" fill="#ffffff" fillOpacity="0.25" />
      <rect x="240" y="236" width="44" height="36" rx="5" fill="#ffffff" fillOpacity="0.18" />
      <circle cx="186" cy="112" r="12" fill="url(#auth-window)" opacity="0.9" />
      <g transform="translate(318 236)">
        <circle r="52" fill="#ffffff" />
        <circle r="40" fill="none" stroke="#ccfbf1" strokeWidth="7" />
        <path
          d="M-28.3 28.3A40 40 0 1 1 34.6 20"
          fill="none"
          stroke="#0f766e"
          strokeWidth="7"
          strokeLinecap="round"
        />
        <text
          y="8"
          textAnchor="middle"
          fontSize="22"
          fontWeight="600"
          fill="#134e4a"
          fontFamily="system-ui, sans-serif"
        >
          21,5°
        </text>
      </g>
    </svg>
  );
}
