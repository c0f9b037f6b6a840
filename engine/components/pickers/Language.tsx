import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Icon, IconButton } from '../../../ui';
import { useEngineT } from '../../i18n';
import type { InterfaceComponentProps } from '../contract';
import { languageChoices, languageName } from './languages';
import { bool, useUserLocale } from './values';
import './pickers.css';

const MAX_SHOWN = 50;

/**
 * A locale code (`de`, `pt-BR`) picked from a searchable list (a combobox): type to filter by name or
 * code, arrows to move, Enter to choose, Escape to close. Names come from Intl in the reader's language
 * (the options carry `data-locale-text`: their text is Intl's, not ours).
 */
export default function Language(props: InterfaceComponentProps) {
  const t = useEngineT();
  const locale = useUserLocale();
  const choices = useMemo(() => languageChoices(bool(props.limit), locale), [props.limit, locale]);
  const value = typeof props.value === 'string' && props.value ? props.value : null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const search = (query ?? '').trim().toLowerCase();
  const matches = search
    ? choices.filter(
        (choice) =>
          choice.code.toLowerCase().startsWith(search) || choice.name.toLowerCase().includes(search),
      )
    : choices;
  const shown = matches.slice(0, MAX_SHOWN);
  const current = value ? `${languageName(value, locale)} (${value})` : '';

  const choose = (code: string | null) => {
    if (props.disabled) return;
    props.onChange(code);
    setQuery(null);
    setOpen(false);
  };
  const move = (index: number) => {
    setActive(index);
    listRef.current?.children[index]?.scrollIntoView?.({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      move(Math.max(0, Math.min(shown.length - 1, active + step)));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      if (shown[active]) choose(shown[active].code);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setQuery(null);
    }
  };

  return (
    <div className="pickers-language">
      <span className="octavo-input">
        <Icon name="translate" size="small" className="octavo-input__icon" />
        <input
          id={props.id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && shown[active] ? `${listId}-${active}` : undefined}
          aria-describedby={props.describedBy}
          autoComplete="off"
          disabled={props.disabled}
          placeholder={t('interfaces.pickers.language_search')}
          value={query ?? current}
          onFocus={(event) => event.target.select()}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setQuery(null);
          }}
          onKeyDown={onKeyDown}
        />
        {value && !props.disabled && (
          <IconButton
            icon="close"
            size="small"
            label={t('interfaces.pickers.language_clear')}
            onClick={() => choose(null)}
          />
        )}
      </span>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t('interfaces.pickers.language_list')}
        className="pickers-language__list"
        hidden={!open}
      >
        {shown.map((choice, index) => (
          <li
            key={choice.code}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={choice.code === value}
            aria-disabled={props.disabled || undefined}
            data-locale-text
            className={`pickers-language__option${index === active ? ' pickers-language__option--active' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(choice.code)}
          >
            <span>{choice.name}</span>
            <code>{choice.code}</code>
          </li>
        ))}
        {shown.length === 0 && (
          <li role="option" aria-selected={false} aria-disabled="true" className="pickers-language__empty">
            {t('interfaces.pickers.language_none')}
          </li>
        )}
      </ul>
      {open && matches.length > MAX_SHOWN && (
        <p className="pickers-hint">
          {t('interfaces.pickers.language_more', { count: matches.length - MAX_SHOWN })}
        </p>
      )}
    </div>
  );
}
