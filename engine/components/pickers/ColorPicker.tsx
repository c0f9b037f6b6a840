import { useEffect, useId, useRef, useState } from 'react';
import { HexColorPicker } from 'react-colorful';
import { Icon } from '../../../ui';
import { useEngineT } from '../../i18n';
import type { InterfaceComponentProps } from '../contract';
import { convertColor, readableOn, toHex, type ColorFormat } from './color-format';
import { radioKeyDown } from './radio-keys';
import { bool } from './values';
import './pickers.css';

const FORMATS: ColorFormat[] = ['hex', 'rgb', 'hsl'];

/**
 * A colour stored as text in the `format` option (hex, rgb or hsl): the palette's swatches (a radio
 * group), a text box that accepts any of the three formats, and a picker (react-colorful) in a popover.
 * With `paletteOnly`, the swatches alone.
 */
export default function ColorPicker(props: InterfaceComponentProps) {
  const t = useEngineT();
  const format: ColorFormat = FORMATS.includes(props.format as ColorFormat)
    ? (props.format as ColorFormat)
    : 'hex';
  const palette = (Array.isArray(props.palette) ? props.palette.map(String) : []).filter((c) => toHex(c));
  const paletteOnly = bool(props.paletteOnly);
  const value = typeof props.value === 'string' && props.value ? props.value : null;
  const hex = toHex(value);
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  const set = (color: string | null) => {
    const stored = color === null ? null : convertColor(color, format);
    if (stored !== value) props.onChange(stored);
  };
  const commit = () => {
    if (draft === null) return;
    if (draft.trim() === '') {
      setDraft(null);
      setInvalid(false);
      set(null);
      return;
    }
    const stored = convertColor(draft, format);
    setInvalid(stored === null);
    if (stored !== null) {
      setDraft(null);
      set(stored);
    }
  };

  // Opening moves the focus into the picker (its colour area takes arrow keys).
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>('.pickers-color__popover [tabindex]')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const checkedIndex = palette.findIndex((color) => toHex(color) === hex);
  const choose = (index: number) => {
    if (!props.disabled) set(palette[index]);
  };
  const errorId = `${props.id}-error`;

  return (
    <div
      ref={root}
      className="pickers-color"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          trigger.current?.focus();
        }
      }}
    >
      {!paletteOnly && (
        <div className="pickers-color__row">
          <button
            ref={trigger}
            type="button"
            className={`pickers-color__trigger${hex ? '' : ' pickers-color__trigger--empty'}`}
            aria-label={t('interfaces.pickers.color_open')}
            aria-expanded={open}
            aria-controls={popoverId}
            disabled={props.disabled}
            style={hex ? { backgroundColor: hex } : undefined}
            onClick={() => setOpen((was) => !was)}
          >
            {!hex && <Icon name="colorize" size="small" />}
          </button>
          <span className="octavo-input pickers-color__text">
            <input
              id={props.id}
              type="text"
              spellCheck={false}
              autoComplete="off"
              value={draft ?? value ?? ''}
              placeholder={t(`interfaces.pickers.color_placeholder_${format}`)}
              disabled={props.disabled}
              aria-invalid={invalid || undefined}
              aria-describedby={
                [invalid ? errorId : null, props.describedBy].filter(Boolean).join(' ') || undefined
              }
              onChange={(event) => setDraft(event.target.value)}
              onBlur={commit}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  commit();
                }
              }}
            />
          </span>
        </div>
      )}
      {open && !paletteOnly && (
        <div
          id={popoverId}
          className="pickers-color__popover"
          role="dialog"
          aria-label={t('interfaces.pickers.color_picker')}
        >
          <HexColorPicker color={hex ?? '#000000'} onChange={(next) => set(next)} />
        </div>
      )}
      {palette.length > 0 && (
        <div
          id={paletteOnly ? props.id : undefined}
          role="radiogroup"
          aria-label={
            paletteOnly ? (props.field.name ?? props.field.field) : t('interfaces.pickers.color_palette')
          }
          className="pickers-color__palette"
        >
          {palette.map((color, index) => (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={index === checkedIndex}
              aria-label={color}
              tabIndex={index === (checkedIndex === -1 ? 0 : checkedIndex) ? 0 : -1}
              disabled={props.disabled}
              className="pickers-palette__swatch pickers-palette__swatch--small"
              style={{ backgroundColor: color, color: readableOn(color) }}
              onClick={() => choose(index)}
              onKeyDown={(event) => radioKeyDown(event, index, palette.length, choose)}
            >
              {index === checkedIndex && <Icon name="check" size="small" />}
            </button>
          ))}
        </div>
      )}
      {invalid && (
        <span id={errorId} className="pickers-error" role="alert">
          {t('interfaces.pickers.color_invalid')}
        </span>
      )}
    </div>
  );
}
