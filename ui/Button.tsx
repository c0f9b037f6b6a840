import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Icon } from './Icon';
import { Spinner } from './Spinner';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'text';
export type ButtonSize = 'small' | 'medium' | 'large';

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of its container. */
  block?: boolean;
}

/** The button's classes, for a link that must look like a button (a router link, an anchor). */
export function buttonClassName({ variant = 'primary', size = 'medium', block }: ButtonStyle = {}): string {
  return `octavo-button octavo-button--${variant} octavo-button--${size}${block ? ' octavo-button--block' : ''}`;
}

export interface ButtonProps extends ButtonStyle, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  type?: 'button' | 'submit' | 'reset';
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
  /** A Material Symbols name shown before the text. */
  icon?: string;
  /** A Material Symbols name shown after the text. */
  iconEnd?: string;
  children?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  block,
  loading,
  icon,
  iconEnd,
  children,
  className,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={`${buttonClassName({ variant, size, block })}${loading ? ' octavo-button--loading' : ''}${className ? ` ${className}` : ''}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <Spinner size="small" /> : icon && <Icon name={icon} size="small" />}
      {children}
      {iconEnd && <Icon name={iconEnd} size="small" />}
    </button>
  );
}
