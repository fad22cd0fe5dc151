import { ChevronDown, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { CardType } from '#shared/contracts/drafts';
import { Button } from '#client/components/ui/button';

const CHOICES: readonly { type: CardType; label: string }[] = [
  { type: 'email', label: 'Prospecting Email' },
  { type: 'text', label: 'Prospecting Text' },
];

export function AddContentMenu({ onAdd }: { onAdd(type: CardType): void }) {
  const [isOpen, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', escape);
    };
  }, [isOpen]);

  const choose = (type: CardType) => {
    setOpen(false);
    onAdd(type);
  };

  return (
    <div ref={ref} className="relative">
      <Button variant="secondary" aria-haspopup="menu" aria-expanded={isOpen} onClick={() => setOpen((open) => !open)}>
        <Plus aria-hidden className="h-4 w-4" /> Add New Content <ChevronDown aria-hidden className="h-4 w-4" />
      </Button>
      {isOpen ? (
        <div
          role="menu"
          aria-label="Add New Content"
          className="absolute left-0 z-20 mt-1 w-56 rounded-[var(--radius-card)] border border-slate-200 bg-white p-1 shadow-lg"
        >
          {CHOICES.map(({ type, label }) => (
            <button
              key={type}
              role="menuitem"
              type="button"
              className="block w-full rounded-md px-3 py-2 text-left hover:bg-slate-100"
              onClick={() => choose(type)}
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
