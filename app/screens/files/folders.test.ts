import { describe, expect, it } from 'vitest';
import { folderPath, type Folder } from '../../api/folders';
import { folderLabel } from './FolderDialogs';
import { folderOfSearch } from './FilesLibraryPage';
import { isWebAddress } from './UploadModal';

const folders: Folder[] = [
  { id: 1, name: 'Press', parent_folder: null },
  { id: 2, name: 'Logos', parent_folder: 1 },
  { id: 3, name: 'Dark', parent_folder: 2 },
  // A loop in the data does not hang the breadcrumb.
  { id: 8, name: 'A', parent_folder: 9 },
  { id: 9, name: 'B', parent_folder: 8 },
];

describe('the library folders', () => {
  it('reads the folder from the route and builds its path from the root', () => {
    expect(folderOfSearch('folder=3')).toBe(3);
    expect(folderOfSearch('')).toBeNull();
    expect(folderOfSearch('folder=abc')).toBeNull();
    expect(folderPath(folders, 3).map((f) => f.name)).toEqual(['Press', 'Logos', 'Dark']);
    expect(folderPath(folders, null)).toEqual([]);
    expect(folderPath(folders, 42)).toEqual([]);
    expect(folderPath(folders, 8).map((f) => f.id)).toEqual([9, 8]);
    expect(folderLabel(folders, 3)).toBe('Press / Logos / Dark');
  });

  it('sends only web addresses to the URL import', () => {
    expect(isWebAddress('https://example.com/a.png')).toBe(true);
    expect(isWebAddress(' http://127.0.0.1:8080/photo.png ')).toBe(true);
    expect(isWebAddress('file:///etc/passwd')).toBe(false);
    expect(isWebAddress('not a url')).toBe(false);
  });
});
