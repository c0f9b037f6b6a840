// @vitest-environment jsdom
import '../../shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '../../i18n';
import { ListingStates } from './ListingStates';

afterEach(cleanup);

const base = {
  phase: 'loaded' as const,
  error: null,
  browsable: true,
  searching: false,
  collectionName: 'Files',
  onRetry: () => {},
};

describe('the listing states', () => {
  it('says "no files" for an empty file library, "no items" elsewhere', () => {
    render(<ListingStates {...base} files />, { wrapper: I18nProvider });
    expect(screen.getByText('No files yet')).toBeTruthy();
    expect(document.querySelector('[data-state="no-files"]')).toBeTruthy();
    cleanup();
    render(<ListingStates {...base} collectionName="Articles" />, { wrapper: I18nProvider });
    expect(screen.getByText('No items yet')).toBeTruthy();
  });

  it('a search without results in the file library is still "no results"', () => {
    render(<ListingStates {...base} files searching />, { wrapper: I18nProvider });
    expect(screen.getByText('No results')).toBeTruthy();
  });

  it('an empty listing offers its own action in place of New when the screen gives one', () => {
    render(<ListingStates {...base} files onAdd={() => {}} action={<button>Upload files</button>} />, {
      wrapper: I18nProvider,
    });
    expect(screen.getByRole('button', { name: 'Upload files' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
    cleanup();
    render(<ListingStates {...base} onAdd={() => {}} />, { wrapper: I18nProvider });
    expect(screen.getByRole('button', { name: 'New' })).toBeTruthy();
  });
});
