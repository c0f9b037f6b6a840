import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './Icon';
import './Tabs.css';

export interface Tab {
  id: string;
  label: string;
  /** A Material Symbols name. */
  icon?: string;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: Tab[];
  selected: string;
  onChange: (id: string) => void;
  /** Names the tab list (aria-label). */
  label: string;
  /** The selected tab's panel. */
  children?: ReactNode;
}

/** Tabs (role="tablist"): arrow keys move and select, Home and End jump; the panel follows the selection. */
export function Tabs({ tabs, selected, onChange, label, children }: TabsProps) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const enabled = tabs.filter((tab) => !tab.disabled);

  const select = (tab: Tab | undefined) => {
    if (!tab) return;
    onChange(tab.id);
    refs.current[tab.id]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const at = enabled.findIndex((tab) => tab.id === selected);
    const step = (n: number) => enabled[(at + n + enabled.length) % enabled.length];
    const moves: Record<string, () => Tab | undefined> = {
      ArrowRight: () => step(rtl ? -1 : 1),
      ArrowLeft: () => step(rtl ? 1 : -1),
      Home: () => enabled[0],
      End: () => enabled[enabled.length - 1],
    };
    const move = moves[event.key];
    if (!move || !enabled.length) return;
    event.preventDefault();
    select(move());
  };
  return (
    <div className="octavo-tabs">
      <div className="octavo-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[tab.id] = el;
              }}
              id={`${base}-tab-${tab.id}`}
              type="button"
              role="tab"
              className="octavo-tabs__tab"
              aria-selected={active}
              aria-controls={`${base}-panel`}
              tabIndex={active ? 0 : -1}
              disabled={tab.disabled}
              onClick={() => onChange(tab.id)}
            >
              {tab.icon && <Icon name={tab.icon} size="small" />}
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        className="octavo-tabs__panel"
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${selected}`}
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
