import { Mail, MessageSquareText } from 'lucide-react';
import type { CardType } from '#shared/contracts/drafts';
import { CardHeading, CardSection } from '#client/components/ui/card-section';

export function ContentStart({ onChoose }: { onChoose(type: CardType): void }) {
  return (
    <CardSection headingId="content-start" className="p-4">
      <CardHeading id="content-start">Select content:</CardHeading>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <ChoiceButton
          icon={<Mail aria-hidden className="h-5 w-5" />}
          label="Email"
          hint="An HTML creative with subject, sender and end date"
          onClick={() => onChoose('email')}
        />
        <ChoiceButton
          icon={<MessageSquareText aria-hidden className="h-5 w-5" />}
          label="Text"
          hint="Text-message copy with an optional image"
          onClick={() => onChoose('text')}
        />
      </div>
    </CardSection>
  );
}

function ChoiceButton({
  icon,
  label,
  hint,
  onClick,
}: {
  icon: React.ReactNode;
  label: string;
  hint: string;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex items-center gap-3 rounded-[var(--radius-card)] border border-slate-200 p-3 text-left hover:border-brand-600 hover:bg-brand-50"
    >
      <span className="flex h-9 w-9 items-center justify-center rounded-md bg-brand-50 text-brand-700">{icon}</span>
      <span>
        <span className="block font-medium">{label}</span>
        <span className="block text-xs text-slate-600">{hint}</span>
      </span>
    </button>
  );
}
