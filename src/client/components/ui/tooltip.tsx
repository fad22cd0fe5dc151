import {
  cloneElement,
  isValidElement,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
const SIDE_OFFSET_PX = 6;

type Side = 'top' | 'right' | 'bottom' | 'left';

// Our own small tooltip rather than Radix's (which brings a positioning library into the send page's first load): it
// opens after a hover of TOOLTIP_DELAY_MS (at once when another closed less than TOOLTIP_SKIP_DELAY_MS ago) or on
// keyboard focus, and closes on leave, blur, press or Escape, describing its trigger while open.
let lastClosedAt = -Infinity;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return children;
}

interface TriggerProps {
  onPointerEnter?(event: PointerEvent<Element>): void;
  onPointerLeave?(event: PointerEvent<Element>): void;
  onPointerDown?(event: PointerEvent<Element>): void;
  onFocus?(event: FocusEvent<Element>): void;
  onBlur?(event: FocusEvent<Element>): void;
  'aria-describedby'?: string;
}

function place(trigger: Element, side: Side): CSSProperties {
  const rect = trigger.getBoundingClientRect();
  const middleX = rect.left + rect.width / 2;
  const middleY = rect.top + rect.height / 2;
  switch (side) {
    case 'top':
      return { left: middleX, top: rect.top - SIDE_OFFSET_PX, transform: 'translate(-50%, -100%)' };
    case 'bottom':
      return { left: middleX, top: rect.bottom + SIDE_OFFSET_PX, transform: 'translateX(-50%)' };
    case 'left':
      return { left: rect.left - SIDE_OFFSET_PX, top: middleY, transform: 'translate(-100%, -50%)' };
    default:
      return { left: rect.right + SIDE_OFFSET_PX, top: middleY, transform: 'translateY(-50%)' };
  }
}

export function Tooltip({
  content,
  children,
  side = 'right',
}: {
  content: ReactNode;
  children: ReactNode;
  side?: Side;
}) {
  const id = useId();
  const [trigger, setTrigger] = useState<Element | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isPressing = useRef(false);

  const close = () => {
    clearTimeout(timer.current);
    setTrigger((open) => {
      if (open) lastClosedAt = performance.now();
      return null;
    });
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!trigger) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [trigger]);

  if (!isValidElement<TriggerProps>(children)) return children;
  const own = children.props;
  const element = cloneElement(children as ReactElement<TriggerProps>, {
    'aria-describedby': trigger ? id : own['aria-describedby'],
    onPointerEnter(event) {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'touch') return;
      const target = event.currentTarget;
      clearTimeout(timer.current);
      if (performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setTrigger(target);
      else timer.current = setTimeout(() => setTrigger(target), TOOLTIP_DELAY_MS);
    },
    onPointerLeave(event) {
      own.onPointerLeave?.(event);
      close();
    },
    onPointerDown(event) {
      own.onPointerDown?.(event);
      isPressing.current = true;
      close();
    },
    onFocus(event) {
      own.onFocus?.(event);
      // Focus that a press caused is not a keyboard user looking for the label.
      if (!isPressing.current) setTrigger(event.currentTarget);
      isPressing.current = false;
    },
    onBlur(event) {
      own.onBlur?.(event);
      isPressing.current = false;
      close();
    },
  });
  return (
    <>
      {element}
      {trigger
        ? createPortal(
            <div
              id={id}
              role="tooltip"
              style={{ position: 'fixed', ...place(trigger, side) }}
              className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow"
            >
              {content}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
