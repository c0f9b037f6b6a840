import { useState } from 'react';
import { Icon, IconButton, resolveColor } from '../../../ui';
import { useEngineT } from '../../i18n';
import type { InterfaceComponentProps } from '../contract';
import { radioKeyDown } from './radio-keys';
import { num } from './values';
import './pickers.css';

/** A star rating: a radio group of `max_stars` stars (arrow keys, Home/End), with a clear button. */
export default function Rating(props: InterfaceComponentProps) {
  const t = useEngineT();
  const max = Math.max(1, Math.min(20, Math.round(num(props.maxStars, 5))));
  const value =
    props.value === null || props.value === undefined || props.value === '' ? null : Number(props.value);
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  const color = resolveColor(typeof props.activeColor === 'string' ? props.activeColor : 'amber')?.color;
  const focusable = value && value >= 1 ? Math.min(max, Math.round(value)) - 1 : 0;
  const choose = (index: number) => {
    if (!props.disabled) props.onChange(index + 1);
  };
  return (
    <div className="pickers-rating">
      <div
        id={props.id}
        role="radiogroup"
        aria-label={props.field.name ?? props.field.field}
        aria-describedby={props.describedBy}
        className="pickers-rating__stars"
        onMouseLeave={() => setHover(null)}
      >
        {Array.from({ length: max }, (_, index) => {
          const stars = index + 1;
          const lit = stars <= Math.round(shown);
          return (
            <button
              key={stars}
              type="button"
              role="radio"
              aria-checked={value !== null && Math.round(value) === stars}
              aria-label={t('interfaces.pickers.rating_stars', { count: stars })}
              tabIndex={index === focusable ? 0 : -1}
              disabled={props.disabled}
              className={`pickers-rating__star${lit ? ' pickers-rating__star--lit' : ''}`}
              style={lit ? { color } : undefined}
              onMouseEnter={() => !props.disabled && setHover(stars)}
              onClick={() => choose(index)}
              onKeyDown={(event) => radioKeyDown(event, index, max, choose)}
            >
              <Icon name="star" filled={lit} />
            </button>
          );
        })}
      </div>
      {value !== null && (
        <span className="pickers-rating__count">{t('interfaces.pickers.rating_of', { value, max })}</span>
      )}
      {value !== null && !props.disabled && (
        <IconButton
          icon="close"
          size="small"
          label={t('interfaces.pickers.rating_clear')}
          onClick={() => props.onChange(null)}
        />
      )}
    </div>
  );
}
