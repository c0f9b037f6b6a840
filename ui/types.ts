/** One entry of a choice list (select, radio buttons, checkboxes). */
export interface Choice {
  value: string;
  label: string;
}
