import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from './Icon';
import { Button, type ButtonVariant } from './Button';
import { IconButton } from './IconButton';
import './Menu.css';

export interface MenuItem {
  id: string;
  label: string;
  /** A Material Symbols name. */
  icon?: string;
  onSelect: () => void;
  disabled?: boolean;
  /** A destructive entry, drawn in red. */
  danger?: boolean;
}

export interface MenuProps {
  /** The button's accessible name (and its text unless `icon` is given without `showLabel`). */
  label: string;
  items: MenuItem[];
  /** A Material Symbols name for the button. */
  icon?: string;
  /** With an icon: show the label as text too. */
  showLabel?: boolean;
  variant?: ButtonVariant;
  /** Which edge of the button the popup lines up with. */
  align?: 'start' | 'end';
  disabled?: boolean;
  /** Opens the popup without a click (reviews, tests). */
  defaultOpen?: boolean;
}

/** A button that opens a list of actions (role="menu"): arrow keys move, Enter chooses, Escape closes. */
export function Menu({
  label,
  items,
  icon,
  showLabel,
  variant = 'secondary',
  align = 'start',
  disabled,
  defaultOpen = false,
}: MenuProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const entries = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = items.map((item, index) => (item.disabled ? -1 : index)).filter((i) => i >= 0);

  useEffect(() => {
    if (open && focusIndex !== null) entries.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function openAt(which: 'first' | 'last') {
    setOpen(true);
    setFocusIndex(enabled.length ? (which === 'first' ? enabled[0] : enabled[enabled.length - 1]) : null);
  }
  function close(returnFocus: boolean) {
    setOpen(false);
    setFocusIndex(null);
    if (returnFocus) button.current?.focus();
  }
  function move(step: number) {
    if (!enabled.length) return;
    const at = focusIndex === null ? -1 : enabled.indexOf(focusIndex);
    const next =
      at === -1 ? (step > 0 ? 0 : enabled.length - 1) : (at + step + enabled.length) % enabled.length;
    setFocusIndex(enabled[next]);
  }
  function choose(item: MenuItem) {
    close(true);
    item.onSelect();
  }

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt('last');
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      Home: () => setFocusIndex(enabled[0] ?? null),
      End: () => setFocusIndex(enabled[enabled.length - 1] ?? null),
      Escape: () => close(true),
      Tab: () => close(false),
    };
    const action = keys[event.key];
    if (!action) return;
    if (event.key !== 'Tab') event.preventDefault();
    action();
  };

  const iconOnly = Boolean(icon) && !showLabel;
  const toggle = () => (open ? close(false) : openAt('first'));
  const trigger = {
    ref: button,
    id: buttonId,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    disabled,
    onKeyDown: onButtonKeyDown,
  };
  return (
    <div className={`octavo-menu octavo-menu--align-${align}`} ref={root}>
      {iconOnly ? (
        <IconButton {...trigger} icon={icon!} label={label} tooltip={false} onClick={toggle} />
      ) : (
        <Button {...trigger} variant={variant} icon={icon} iconEnd="arrow_drop_down" onClick={toggle}>
          {label}
        </Button>
      )}
      {open && (
        <div
          className="octavo-menu__popup"
          role="menu"
          id={menuId}
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <button
              key={item.id}
              ref={(el) => {
                entries.current[index] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={focusIndex === index ? 0 : -1}
              className={`octavo-menu__item${item.danger ? ' octavo-menu__item--danger' : ''}`}
              disabled={item.disabled}
              aria-disabled={item.disabled || undefined}
              onClick={() => choose(item)}
              onMouseEnter={() => !item.disabled && setFocusIndex(index)}
            >
              {item.icon && <Icon name={item.icon} size="small" />}
              <span>{item.label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
