/**
 * The hero picture, drawn inline (no image download, crisp at any size): a gift wrapped in
 * terracotta and saffron under a Mediterranean arch of blue-and-white azulejos, a Valencian
 * orange with its blossom, the Micalet bell tower behind, and the phone with the QR code the
 * recipient shows at the counter. Purely decorative, so hidden from assistive technology.
 */
export function HeroIllustration({ className = '' }: { className?: string }) {
  // A fixed, QR-looking pattern: 7×7 modules around three finder squares.
  const modules = [
    [3, 0], [4, 1], [3, 2], [5, 2], [4, 3], [0, 4], [2, 4], [3, 4], [6, 4], [4, 5], [5, 6], [3, 6], [6, 6], [4, 4], [2, 3],
  ];
  return (
    <svg viewBox="0 0 480 460" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <pattern id="hero-tiles" width="36" height="36" patternUnits="userSpaceOnUse">
          <rect width="36" height="36" fill="#f8f1e4" />
          <path d="M18 3 33 18 18 33 3 18Z" fill="none" stroke="#1e40af" strokeOpacity="0.28" strokeWidth="2" />
          <circle cx="18" cy="18" r="4.5" fill="#c2410c" fillOpacity="0.35" />
          <circle cx="0" cy="0" r="3" fill="#1e40af" fillOpacity="0.3" />
          <circle cx="36" cy="0" r="3" fill="#1e40af" fillOpacity="0.3" />
          <circle cx="0" cy="36" r="3" fill="#1e40af" fillOpacity="0.3" />
          <circle cx="36" cy="36" r="3" fill="#1e40af" fillOpacity="0.3" />
        </pattern>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fde7c8" />
          <stop offset="1" stopColor="#fff7ed" />
        </linearGradient>
        <linearGradient id="hero-orange" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fdba74" />
          <stop offset="1" stopColor="#ea580c" />
        </linearGradient>
        <linearGradient id="hero-box" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#c2410c" />
          <stop offset="1" stopColor="#9a3412" />
        </linearGradient>
        <clipPath id="hero-arch">
          <path d="M60 440V210a180 180 0 0 1 360 0v230Z" />
        </clipPath>
      </defs>

      {/* Tiled arch frame and the warm sky inside it */}
      <path d="M36 446V210a204 204 0 0 1 408 0v236Z" fill="url(#hero-tiles)" />
      <path d="M60 440V210a180 180 0 0 1 360 0v230Z" fill="url(#hero-sky)" />

      <g clipPath="url(#hero-arch)">
        {/* Micalet tower */}
        <g fill="#1e3a8a" fillOpacity="0.12">
          <rect x="96" y="168" width="58" height="280" />
          <rect x="104" y="128" width="42" height="44" />
          <path d="M108 128h34l-6-16h-22Z" />
          <rect x="122" y="92" width="6" height="22" />
        </g>
        <g fill="#fff7ed" fillOpacity="0.9">
          <rect x="114" y="138" width="8" height="20" rx="4" />
          <rect x="128" y="138" width="8" height="20" rx="4" />
          <rect x="118" y="196" width="14" height="26" rx="7" />
        </g>
        {/* Rooftops */}
        <path d="M60 360h70v-30l24-18 24 18v30h40v-24h60v-20l22-14 22 14v44h98v80H60Z" fill="#fed7aa" fillOpacity="0.7" />
        {/* Tiled floor */}
        <rect x="60" y="392" width="360" height="60" fill="url(#hero-tiles)" />
      </g>

      {/* The orange with leaves and blossom */}
      <g>
        <circle cx="344" cy="142" r="50" fill="url(#hero-orange)" />
        <circle cx="330" cy="126" r="12" fill="#fff" fillOpacity="0.28" />
        <path d="M344 94c8-18 32-22 44-14-10 16-28 22-44 14Z" fill="#4d7c0f" />
        <path d="M344 94c-12-14-34-12-42-2 12 12 30 12 42 2Z" fill="#3f6212" />
        <g transform="translate(392 100)">
          {[0, 72, 144, 216, 288].map((angle) => (
            <ellipse key={angle} cx="0" cy="-9" rx="6" ry="9" fill="#fff" transform={`rotate(${angle})`} />
          ))}
          <circle r="4.5" fill="#fbbf24" />
        </g>
      </g>

      {/* Ground shadow */}
      <ellipse cx="232" cy="410" rx="130" ry="13" fill="#431407" fillOpacity="0.16" />

      {/* The gift */}
      <g>
        <rect x="130" y="246" width="204" height="160" rx="16" fill="url(#hero-box)" />
        <g fill="#fff" fillOpacity="0.16">
          <path d="M166 290l12 12-12 12-12-12Z" />
          <path d="M166 346l12 12-12 12-12-12Z" />
          <path d="M298 290l12 12-12 12-12-12Z" />
          <path d="M298 346l12 12-12 12-12-12Z" />
        </g>
        <rect x="116" y="214" width="232" height="46" rx="13" fill="#ea580c" />
        <rect x="116" y="246" width="232" height="10" fill="#9a3412" fillOpacity="0.25" />
        <rect x="216" y="214" width="32" height="192" fill="#fcd34d" />
        <rect x="216" y="214" width="8" height="192" fill="#fbbf24" />
        <path d="M232 214c-22-44-74-46-66-14 6 22 44 20 66 14Z" fill="#fbbf24" stroke="#92400e" strokeWidth="3" strokeLinejoin="round" />
        <path d="M232 214c22-44 74-46 66-14-6 22-44 20-66 14Z" fill="#fbbf24" stroke="#92400e" strokeWidth="3" strokeLinejoin="round" />
        <path d="M222 214l-16 34M242 214l16 34" stroke="#fcd34d" strokeWidth="9" strokeLinecap="round" />
        <circle cx="232" cy="212" r="11" fill="#fcd34d" stroke="#92400e" strokeWidth="3" />
      </g>

      {/* The phone with the QR code */}
      <g transform="rotate(7 380 320)">
        <rect x="322" y="236" width="122" height="196" rx="20" fill="#172554" />
        <rect x="330" y="250" width="106" height="168" rx="13" fill="#fffbf5" />
        <rect x="366" y="242" width="34" height="4" rx="2" fill="#fffbf5" fillOpacity="0.5" />
        <g transform="translate(348 276)">
          <rect width="70" height="70" rx="6" fill="#fff" stroke="#e7dccb" />
          <g fill="#1c1917">
            {[
              [6, 6],
              [46, 6],
              [6, 46],
            ].map(([x, y]) => (
              <g key={`${x}-${y}`}>
                <rect x={x} y={y} width="18" height="18" rx="3" />
                <rect x={x! + 4} y={y! + 4} width="10" height="10" rx="1.5" fill="#fff" />
                <rect x={x! + 6.5} y={y! + 6.5} width="5" height="5" />
              </g>
            ))}
            {modules.map(([col, row]) => (
              <rect key={`${col}-${row}`} x={6 + col! * 8.5} y={6 + row! * 8.5} width="6" height="6" rx="1" />
            ))}
          </g>
        </g>
        <rect x="348" y="360" width="70" height="8" rx="4" fill="#c2410c" />
        <rect x="358" y="376" width="50" height="6" rx="3" fill="#d6d3d1" />
        <path d="M383 400c-6-6-14 0-8 6l8 7 8-7c6-6-2-12-8-6Z" fill="#ea580c" />
      </g>

      {/* Confetti */}
      <g>
        <circle cx="96" cy="120" r="6" fill="#1d4ed8" fillOpacity="0.55" />
        <rect x="420" y="214" width="12" height="12" rx="2" fill="#4d7c0f" fillOpacity="0.6" transform="rotate(20 426 220)" />
        <circle cx="70" cy="300" r="5" fill="#fbbf24" />
        <rect x="262" y="98" width="10" height="10" rx="2" fill="#c2410c" fillOpacity="0.7" transform="rotate(-18 267 103)" />
        <circle cx="196" cy="150" r="4" fill="#4d7c0f" fillOpacity="0.6" />
      </g>
    </svg>
  );
}
