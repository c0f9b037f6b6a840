import { Icon } from '../../../ui';

/** The names the item page used before the Material Symbols font, mapped to real symbol names. */
const RENAMED: Record<string, string> = { chevron_down: 'keyboard_arrow_down', filter: 'filter_list' };

/** The item page's icons: any Material Symbols name. */
export function ItemIcon({ name, size = 20 }: { name: string; size?: number }) {
  return <Icon name={RENAMED[name] ?? name} size={size} />;
}
