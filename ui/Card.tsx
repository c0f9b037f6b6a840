import type { ReactNode } from 'react';
import { Icon } from './Icon';
import './Card.css';

export interface CardProps {
  title: ReactNode;
  /** A Material Symbols name shown beside the title. */
  icon?: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  /** The whole card becomes a link (hash routes included: `#/statecharts`). */
  href?: string;
  /** The whole card becomes a button. */
  onClick?: () => void;
  /** half: a dimmed card (spec: card opacity full or half). */
  opacity?: 'full' | 'half';
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** A framed block of related content; clickable as a whole when it links somewhere. */
export function Card({
  title,
  icon,
  subtitle,
  children,
  href,
  onClick,
  opacity = 'full',
  headingLevel = 3,
  className,
}: CardProps) {
  const Heading = `h${headingLevel}` as const;
  const interactive = Boolean(href || onClick);
  const content = (
    <>
      <span className="octavo-card__head">
        {icon && <Icon name={icon} className="octavo-card__icon" />}
        <span className="octavo-card__titles">
          <Heading className="octavo-card__title" dir="auto">
            {title}
          </Heading>
          {subtitle && <span className="octavo-card__subtitle">{subtitle}</span>}
        </span>
        {interactive && <Icon name="chevron_right" mirrorInRtl className="octavo-card__chevron" />}
      </span>
      {children && <span className="octavo-card__body">{children}</span>}
    </>
  );
  const classes = `octavo-card octavo-card--${opacity}${interactive ? ' octavo-card--interactive' : ''}${className ? ` ${className}` : ''}`;
  if (href)
    return (
      <a className={classes} href={href}>
        {content}
      </a>
    );
  if (onClick)
    return (
      <button type="button" className={classes} onClick={onClick}>
        {content}
      </button>
    );
  return <div className={classes}>{content}</div>;
}
