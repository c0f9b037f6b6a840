import './Table.css';
import type { ReactNode } from 'react';

export interface TableColumn {
  key: string;
  label: string;
  /** Pixels; default 200. */
  width?: number;
  sortable?: boolean;
}

export interface TableSort {
  key: string;
  descending: boolean;
}

export interface TableProps<Row> {
  columns: TableColumn[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  renderCell: (row: Row, column: TableColumn) => ReactNode;
  sort?: TableSort | null;
  /** Clicking a sortable header asks for that column; the caller decides the direction. */
  onSort?: (key: string) => void;
  onRowClick?: (row: Row) => void;
  /** Pixels; default 48. */
  rowHeight?: number;
  loading?: boolean;
  emptyText?: string;
  label?: string;
}

export const DEFAULT_COLUMN_WIDTH = 200;
export const DEFAULT_ROW_HEIGHT = 48;

export function Table<Row>(props: TableProps<Row>) {
  const rowHeight = props.rowHeight ?? DEFAULT_ROW_HEIGHT;
  return (
    <table className="octavo-table" aria-label={props.label} aria-busy={props.loading || undefined}>
      <colgroup>
        {props.columns.map((column) => (
          <col key={column.key} style={{ width: column.width ?? DEFAULT_COLUMN_WIDTH }} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {props.columns.map((column) => {
            const sorted = props.sort?.key === column.key;
            const ariaSort = sorted ? (props.sort!.descending ? 'descending' : 'ascending') : undefined;
            return (
              <th key={column.key} scope="col" aria-sort={ariaSort}>
                {column.sortable && props.onSort ? (
                  <button
                    type="button"
                    className="octavo-table__sort"
                    onClick={() => props.onSort!(column.key)}
                  >
                    {column.label}
                    {sorted && <span aria-hidden="true">{props.sort!.descending ? ' ▼' : ' ▲'}</span>}
                  </button>
                ) : (
                  column.label
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {props.rows.length === 0 && !props.loading && (
          <tr>
            <td colSpan={props.columns.length} className="octavo-table__empty">
              {props.emptyText ?? 'No items'}
            </td>
          </tr>
        )}
        {props.rows.map((row) => (
          <tr
            key={props.rowKey(row)}
            style={{ height: rowHeight }}
            className={props.onRowClick ? 'octavo-table__row--link' : undefined}
            onClick={props.onRowClick ? () => props.onRowClick!(row) : undefined}
          >
            {props.columns.map((column) => (
              <td key={column.key}>{props.renderCell(row, column)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
