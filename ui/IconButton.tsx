import type { ButtonHTMLAttributes, Ref } from 'react';
import { Icon } from './Icon';
import { HEADER_TOOLTIP_DELAY, Tooltip, TOOLTIP_DELAY, type TooltipProps } from './Tooltip';
import './IconButton.css';

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'onClick' | 'aria-label' | 'title'
> {
  /** A Material Symbols name. */
  icon: string;
  /** The accessible name, also shown as a tooltip. */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  size?: 'small' | 'medium' | 'large';
  /** plain: no background until hovered; filled: a tinted circle; accent: the primary action. */
  variant?: 'plain' | 'filled' | 'accent';
  /** The tooltip: general timing (default), the page header's (750 ms / 100 ms), or none. */
  tooltip?: 'default' | 'header' | false;
  tooltipPlacement?: TooltipProps['placement'];
  tooltipAlign?: TooltipProps['align'];
  type?: 'button' | 'submit';
  ref?: Ref<HTMLButtonElement>;
}

/** A round button showing only an icon; its label is the accessible name and the tooltip. */
export function IconButton({
  icon,
  label,
  onClick,
  size = 'medium',
  variant = 'plain',
  tooltip = 'default',
  tooltipPlacement,
  tooltipAlign,
  type = 'button',
  className,
  ...rest
}: IconButtonProps) {
  const button = (
    <button
      {...rest}
      type={type}
      className={`octavo-icon-button octavo-icon-button--${size} octavo-icon-button--${variant}${className ? ` ${className}` : ''}`}
      aria-label={label}
      onClick={() => onClick()}
    >
      <Icon name={icon} size={size === 'small' ? 18 : size === 'large' ? 28 : 22} />
    </button>
  );
  if (tooltip === false) return button;
  return (
    <Tooltip
      label={label}
      describe={false}
      placement={tooltipPlacement}
      align={tooltipAlign}
      delay={tooltip === 'header' ? HEADER_TOOLTIP_DELAY : TOOLTIP_DELAY}
    >
      {button}
    </Tooltip>
  );
}
