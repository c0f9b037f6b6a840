import { useState } from 'react';
import './Avatar.css';

export interface AvatarProps {
  /** The person's name: its initials are shown when there is no picture. */
  name: string;
  /** The picture's address. */
  src?: string | null;
  size?: 'small' | 'medium' | 'large';
  /** The accessible name; without it the avatar is decorative (its name is usually written beside it). */
  label?: string;
  shape?: 'circle' | 'square';
}

/** Up to two initials: "Ada Lovelace" → "AL", "ada@example.com" → "A". */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  const letters =
    words.length > 1 && !name.includes('@') ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters
    .map((word) => [...word][0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/** A user's picture, or their initials on a tinted disc when there is none (or it fails to load). */
export function Avatar({ name, src, size = 'medium', label, shape = 'circle' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src && failed !== src;
  return (
    <span
      className={`octavo-avatar octavo-avatar--${size} octavo-avatar--${shape}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {showImage ? <img src={src} alt="" onError={() => setFailed(src)} /> : initialsOf(name)}
    </span>
  );
}
