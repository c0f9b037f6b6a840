// @vitest-environment jsdom
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
});
