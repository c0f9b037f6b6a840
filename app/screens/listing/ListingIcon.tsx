import { Icon } from '../../shell/Icon';

/** The listing screens' icons: the shell's line icon set, styled by listing.css. */
export function ListingIcon({ name, size = 20 }: { name: string; size?: number }) {
  return <Icon name={name} size={size} className="listing-icon" />;
}
