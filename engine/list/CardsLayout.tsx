import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Icon } from '../../ui/Icon';
import { DisplayValue } from '../displays/DisplayValue';
import { useEngineT } from '../i18n';
import { renderTemplate } from '../templates/render-template';
import type { FieldDefinition } from '../types';
import type { DefinitionRegistry } from '../registry/registry';
import { primaryKeyOf, type LayoutListQuery } from './build-query';
import {
  cardFallbackTitle,
  cardImage,
  cardOptions,
  cardsRequestFields,
  cardStatusField,
  isTemplate,
  tidyLine,
} from './cards';
import type { LayoutProps } from './TabularLayout';
import './CardsLayout.css';

const SIZES = new Set(['small', 'medium', 'large']);
/** Cards drawn while the next page loads. */
const PLACEHOLDER_CARDS = 8;

/** A card's text: a template rendered against the item, or a field drawn by its display. */
function CardText(props: {
  option: unknown;
  item: Record<string, unknown>;
  byName: Map<string, FieldDefinition>;
  registry: DefinitionRegistry;
  fallback?: string;
}): ReactNode {
  const { option, item, byName, registry } = props;
  const fallback = props.fallback ?? null;
  if (isTemplate(option)) return tidyLine(renderTemplate(option, item)) || fallback;
  if (typeof option !== 'string' || !byName.has(option)) return fallback;
  const value = item[option];
  if (value === null || value === undefined || value === '') return fallback;
  return <DisplayValue registry={registry} field={byName.get(option)!} value={value} item={item} />;
}

/** The image of a card: the thumbnail, the broken-image icon when it fails to load, else the icon. */
function CardMedia({ src, icon, brokenLabel }: { src: string | null; icon: string; brokenLabel: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        className="octavo-cards__image"
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
      />
    );
  }
  if (src)
    return <Icon name="broken_image" size="large" label={brokenLabel} className="octavo-cards__icon" />;
  return <Icon name={icon} size="large" className="octavo-cards__icon" />;
}

/**
 * The cards layout: one card per item with an image from a file field (the server's thumbnail
 * presets; the icon without one, the broken-image icon when it fails), a title, a subtitle and a
 * content line, each a field or a template. Cards are selected with their checkbox (select-all in
 * the bar above), opened by click or Enter, and the next page loads when the end comes into view.
 */
export function CardsLayout(props: LayoutProps) {
  const t = useEngineT();
  const { fields, items, registry, viewOptions } = props;
  const byName = useMemo(() => new Map(fields.map((field) => [field.field, field])), [fields]);
  const options = cardOptions(fields, viewOptions);
  const size = SIZES.has(String(options.size)) ? String(options.size) : 'medium';
  const icon = typeof options.icon === 'string' && options.icon ? options.icon : 'photo';
  const src = typeof options.src === 'string' ? byName.get(options.src) : undefined;
  const status = cardStatusField(fields);
  const primaryKey = primaryKeyOf(fields);
  const keyOf = (item: Record<string, unknown>) => String(item[primaryKey]);

  const selecting = Boolean(props.onSelectionChange);
  const selected = new Set((props.selection ?? []).map(String));
  const allSelected = items.length > 0 && items.every((item) => selected.has(keyOf(item)));
  const someSelected = !allSelected && items.some((item) => selected.has(keyOf(item)));
  const toggle = (key: string) =>
    props.onSelectionChange!(
      selected.has(key) ? [...selected].filter((entry) => entry !== key) : [...selected, key],
    );

  // Lazy loading: a sentinel after the last card; observed again whenever the items grow, so a page
  // that does not fill the view asks for the next one at once.
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const endRef = useRef(props.onEndReached);
  endRef.current = props.onEndReached;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined' || !endRef.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) endRef.current?.();
      },
      { root: scrollRef.current, rootMargin: '400px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [items.length]);

  return (
    <div
      ref={scrollRef}
      className={`octavo-cards octavo-cards--${size}${props.loading ? ' octavo-cards--busy' : ''}`}
      aria-busy={props.loading || props.loadingMore || undefined}
    >
      {selecting && (
        <div className="octavo-cards__bar">
          <label className="octavo-cards__select-all">
            <input
              type="checkbox"
              checked={allSelected}
              ref={(element) => {
                if (element) element.indeterminate = someSelected;
              }}
              onChange={() => props.onSelectionChange!(allSelected ? [] : items.map(keyOf))}
            />
            <span>{props.labels?.selectAll ?? t('layouts.cards.select_all')}</span>
          </label>
        </div>
      )}
      <ul className="octavo-cards__grid">
        {items.map((item) => {
          const key = keyOf(item);
          const isSelected = selected.has(key);
          return (
            <li
              key={key}
              className={`octavo-cards__card${isSelected ? ' octavo-cards__card--selected' : ''}`}
              data-key={key}
            >
              <div className="octavo-cards__media">
                <CardMedia
                  src={cardImage(item, src, size, props.assetUrl)}
                  icon={icon}
                  brokenLabel={t('layouts.cards.broken_image')}
                />
                {status && item[status.field] != null && item[status.field] !== '' && (
                  <span className="octavo-cards__status">
                    <DisplayValue registry={registry} field={status} value={item[status.field]} item={item} />
                  </span>
                )}
              </div>
              {selecting && (
                <input
                  type="checkbox"
                  className="octavo-cards__check"
                  checked={isSelected}
                  aria-label={t('layouts.cards.select', {
                    title: cardLabel(options.title, item, cardFallbackTitle(fields, item, key)),
                  })}
                  onChange={() => toggle(key)}
                />
              )}
              <div className="octavo-cards__text">
                <button
                  type="button"
                  className="octavo-cards__open"
                  onClick={() => props.onItemClick?.(item)}
                  disabled={!props.onItemClick}
                >
                  <span className="octavo-cards__title" dir="auto">
                    <CardText
                      option={options.title}
                      item={item}
                      byName={byName}
                      registry={registry}
                      fallback={cardFallbackTitle(fields, item, key)}
                    />
                  </span>
                </button>
                <span className="octavo-cards__subtitle" dir="auto">
                  <CardText option={options.subtitle} item={item} byName={byName} registry={registry} />
                </span>
                {size !== 'small' && (
                  <span className="octavo-cards__content">
                    <CardText option={options.content} item={item} byName={byName} registry={registry} />
                  </span>
                )}
              </div>
            </li>
          );
        })}
        {props.loadingMore &&
          Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
            <li key={`placeholder-${index}`} className="octavo-cards__card octavo-cards__card--placeholder">
              <div className="octavo-cards__media" />
              <div className="octavo-cards__text">
                <span className="octavo-cards__line" />
                <span className="octavo-cards__line octavo-cards__line--short" />
              </div>
            </li>
          ))}
      </ul>
      <div ref={sentinelRef} className="octavo-cards__sentinel" aria-hidden="true" />
    </div>
  );
}

/** The plain words naming a card for its checkbox: the title's template or field value, else the fallback. */
function cardLabel(option: unknown, item: Record<string, unknown>, fallback: string): string {
  if (isTemplate(option)) return tidyLine(renderTemplate(option, item)) || fallback;
  if (typeof option === 'string') {
    const value = item[option];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return fallback;
}

/** Cards ask for what they draw: the fields their texts name and the image's file (cards.ts). */
CardsLayout.listQuery = ((context) => ({
  fields: cardsRequestFields(context.fields, context.viewOptions),
})) satisfies LayoutListQuery;
