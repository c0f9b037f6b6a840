import { Icon } from '../../../ui';

/** The names the listing used before the Material Symbols font, mapped to real symbol names. */
const RENAMED: Record<string, string> = {
  chevron_down: 'keyboard_arrow_down',
  filter: 'filter_list',
  hourglass: 'hourglass_empty',
};

/** The listing screens' icons: any Material Symbols name, styled by listing.css. */
export function ListingIcon({ name, size = 20 }: { name: string; size?: number }) {
  return <Icon name={RENAMED[name] ?? name} size={size} className="listing-icon" />;
}
