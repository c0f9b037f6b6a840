import { reorderItems } from './manual-sort';

const rows = (sorts: (number | null)[]) => sorts.map((sort, index) => ({ id: index + 1, sort }));

describe('reorderItems', () => {
  it('moves a row down and swaps the values of the rows it passed', () => {
    const { items, changes } = reorderItems(rows([10, 20, 30, 40]), 'id', 'sort', 0, 2);
    expect(items.map((item) => [item.id, item.sort])).toEqual([
      [2, 10],
      [3, 20],
      [1, 30],
      [4, 40],
    ]);
    expect(changes).toEqual([
      { key: 2, sort: 10 },
      { key: 3, sort: 20 },
      { key: 1, sort: 30 },
    ]);
  });

  it('moves a row up', () => {
    const { changes } = reorderItems(rows([1, 2, 3]), 'id', 'sort', 2, 0);
    expect(changes).toEqual([
      { key: 3, sort: 1 },
      { key: 1, sort: 2 },
      { key: 2, sort: 3 },
    ]);
  });

  it('numbers every row when the values are missing or repeated', () => {
    expect(reorderItems(rows([null, null, 5]), 'id', 'sort', 0, 1).changes).toEqual([
      { key: 2, sort: 1 },
      { key: 1, sort: 2 },
      { key: 3, sort: 3 },
    ]);
    expect(reorderItems(rows([1, 1, 2]), 'id', 'sort', 2, 0).items.map((item) => item.id)).toEqual([3, 1, 2]);
  });

  it('changes nothing for a drop in place or out of range', () => {
    expect(reorderItems(rows([1, 2]), 'id', 'sort', 1, 1).changes).toEqual([]);
    expect(reorderItems(rows([1, 2]), 'id', 'sort', 0, 5).changes).toEqual([]);
  });
});
