/** The key of an item that does not exist yet: the item-edit machine creates it on save (spec §2 `+`). */
export const NEW_ITEM_KEY = '+';
