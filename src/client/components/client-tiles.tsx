import { memo } from 'react';
import { CLIENTS } from '#shared/clients';
import { cn } from '#client/lib/cn';

export const ClientTiles = memo(function ClientTiles({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect(slug: string): void;
}) {
  return (
    <section aria-labelledby="client-heading">
      <h2 id="client-heading" className="mb-2 text-sm font-semibold">
        Client
      </h2>
      <div
        role="radiogroup"
        aria-labelledby="client-heading"
        className="grid grid-cols-[repeat(auto-fill,minmax(104px,1fr))] gap-2"
      >
        {CLIENTS.map((client) => {
          const isSelected = client.slug === selected;
          return (
            <button
              key={client.slug}
              type="button"
              role="radio"
              aria-checked={isSelected}
              aria-label={client.displayName}
              title={client.displayName}
              onClick={() => onSelect(client.slug)}
              className={cn(
                'flex h-16 items-center justify-center rounded-[var(--radius-card)] border p-2 transition-colors duration-150',
                isSelected ? 'border-brand-600 bg-brand-600' : 'border-slate-200 bg-white hover:border-slate-400',
              )}
            >
              <img
                src={isSelected ? client.logoWhite : client.logo}
                alt=""
                className="max-h-10 w-full object-contain"
              />
            </button>
          );
        })}
      </div>
    </section>
  );
});
