/** The send page's banner: who it is for and what it does, in one glance. */
export function Hero() {
  return (
    <div className="relative overflow-hidden rounded-[var(--radius-card)] border border-slate-200 bg-gradient-to-r from-brand-700 to-brand-500 px-6 py-5 text-white">
      <svg
        aria-hidden
        viewBox="0 0 200 100"
        className="absolute -right-6 -top-4 h-32 w-64 opacity-20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path d="M10 80 L190 10 L120 90 L95 55 Z" />
        <path d="M95 55 L190 10" />
        <circle cx="40" cy="30" r="6" />
        <circle cx="160" cy="75" r="4" />
      </svg>
      <p className="text-[13px] font-medium uppercase tracking-wide text-white/80">Prospecting dispatch</p>
      <p className="mt-1 text-lg font-semibold">Build the content, pick the vendors, send once.</p>
      <p className="mt-1 max-w-xl text-[13px] text-white/85">
        Every vendor gets its own links, terms and hub keys. The preview shows exactly what each one receives.
      </p>
    </div>
  );
}
