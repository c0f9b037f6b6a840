import { Icon } from '../../shell/Icon';

/** The item page's icons: the shell's line icon set. */
export function ItemIcon({ name, size = 20 }: { name: string; size?: number }) {
  return <Icon name={name} size={size} />;
}
