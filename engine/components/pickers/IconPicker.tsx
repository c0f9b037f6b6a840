import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Icon, IconButton } from '../../../ui';
import { useEngineT } from '../../i18n';
import type { InterfaceComponentProps } from '../contract';
import { searchIcons } from './icon-names';
import { isRtl } from './values';
import './pickers.css';

/** How many icons the grid draws at once; a search narrows the rest (3,900 names stay fast). */
export const ICONS_SHOWN = 120;

/** An icon's name as words ("18_up_rating" → "18 up rating"): what a screen reader reads well. */
const readable = (name: string) => name.replace(/_/g, ' ');

/**
 * A Material Symbols name: the chosen icon with its name, a search box and a grid of matches (a
 * listbox: arrow keys move in two dimensions, Enter or a click chooses).
 */
export default function IconPicker(props: InterfaceComponentProps) {
  const t = useEngineT();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const gridId = useId();
  const grid = useRef<HTMLDivElement>(null);
  const value = typeof props.value === 'string' && props.value ? props.value : null;
  const matches = useMemo(() => searchIcons(query), [query]);
  const shown = matches.slice(0, ICONS_SHOWN);
  const optionId = (index: number) => `${gridId}-${index}`;

  const choose = (name: string) => {
    if (!props.disabled) props.onChange(name);
  };
  const columns = () => {
    const items = grid.current?.querySelectorAll<HTMLElement>('[role="option"]');
    if (!items || items.length === 0) return 1;
    const top = items[0].offsetTop;
    let count = 0;
    while (count < items.length && items[count].offsetTop === top) count += 1;
    return Math.max(1, count);
  };
  const move = (index: number) => {
    const next = Math.max(0, Math.min(shown.length - 1, index));
    setActive(next);
    grid.current?.querySelector(`[id="${optionId(next)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const rtl = isRtl(event.currentTarget);
    const steps: Record<string, () => number> = {
      ArrowRight: () => (rtl ? -1 : 1),
      ArrowLeft: () => (rtl ? 1 : -1),
      ArrowDown: () => columns(),
      ArrowUp: () => -columns(),
      PageDown: () => columns() * 4,
      PageUp: () => -columns() * 4,
    };
    if (event.key === 'Enter' && shown[active]) {
      event.preventDefault();
      choose(shown[active]);
      return;
    }
    if (event.key === 'Home') {
      event.preventDefault();
      move(0);
      return;
    }
    if (event.key === 'End') {
      event.preventDefault();
      move(shown.length - 1);
      return;
    }
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    move(active + step());
  };

  return (
    <div className="pickers-icon">
      <div className="pickers-icon__current" aria-live="polite">
        {value ? (
          <>
            <span className="pickers-icon__preview">
              <Icon name={value} size="large" />
            </span>
            <code>{value}</code>
            {!props.disabled && (
              <IconButton
                icon="close"
                size="small"
                label={t('interfaces.pickers.icon_clear')}
                onClick={() => props.onChange(null)}
              />
            )}
          </>
        ) : (
          <span className="pickers-hint">{t('interfaces.pickers.icon_none')}</span>
        )}
      </div>
      <span className="octavo-input">
        <Icon name="search" size="small" className="octavo-input__icon" />
        <input
          id={props.id}
          type="search"
          value={query}
          disabled={props.disabled}
          placeholder={t('interfaces.pickers.icon_search')}
          aria-controls={gridId}
          aria-describedby={props.describedBy}
          autoComplete="off"
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={(event) => {
            // Down goes into the grid; Enter takes the highlighted match (and never submits the form).
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              grid.current?.focus();
            } else if (event.key === 'Enter') {
              event.preventDefault();
              if (shown[active]) choose(shown[active]);
            }
          }}
        />
      </span>
      <div
        ref={grid}
        id={gridId}
        role="listbox"
        aria-label={t('interfaces.pickers.icon_list')}
        aria-activedescendant={shown.length ? optionId(active) : undefined}
        aria-disabled={props.disabled || undefined}
        tabIndex={props.disabled ? -1 : 0}
        className="pickers-icon__grid"
        onKeyDown={onKeyDown}
      >
        {shown.map((name, index) => (
          <div
            key={name}
            id={optionId(index)}
            role="option"
            aria-selected={name === value}
            aria-disabled={props.disabled || undefined}
            aria-label={t('interfaces.pickers.icon_option', { name: readable(name) })}
            title={t('interfaces.pickers.icon_option', { name: readable(name) })}
            className={`pickers-icon__option${index === active ? ' pickers-icon__option--active' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setActive(index);
              choose(name);
            }}
          >
            <Icon name={name} />
          </div>
        ))}
      </div>
      <p className="pickers-hint" aria-live="polite">
        {matches.length === 0
          ? t('interfaces.pickers.icon_no_match')
          : matches.length > ICONS_SHOWN
            ? t('interfaces.pickers.icon_count_capped', { shown: ICONS_SHOWN, count: matches.length })
            : t('interfaces.pickers.icon_count', { count: matches.length })}
      </p>
    </div>
  );
}
