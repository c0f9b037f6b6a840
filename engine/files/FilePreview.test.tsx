// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileMedia, FileThumb } from './FilePreview';

afterEach(cleanup);

const file = (type: string, extra: Record<string, unknown> = {}) => ({
  id: 1,
  title: 'Thing',
  type,
  checksum: 'abc',
  data: { url: '/p/assets/h', thumbnails: null, embed: null },
  ...extra,
});

describe('FileMedia', () => {
  it('draws an SVG as an image, never inline', () => {
    const { container } = render(<FileMedia file={file('image/svg+xml')} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/p/assets/h?v=abc');
    expect(container.querySelector('svg')).toBeNull();
  });

  it('plays video and audio, frames a PDF', () => {
    expect(render(<FileMedia file={file('video/mp4')} />).container.querySelector('video')).not.toBeNull();
    expect(render(<FileMedia file={file('audio/mpeg')} />).container.querySelector('audio')).not.toBeNull();
    const frame = render(<FileMedia file={file('application/pdf')} />).container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('/p/assets/h?v=abc');
    expect(frame?.getAttribute('title')).toBe('file_preview.pdf_frame {"name":"Thing"}');
  });

  it('frames an embed in its privacy-friendly player, sandboxed', () => {
    const video = file('embed/youtube', {
      embed: 'x',
      data: {
        url: '/p/assets/h',
        thumbnails: [{ key: 'youtube-poster', url: 'https://i.ytimg.com/vi/x/hqdefault.jpg' }],
        embed: {
          url: 'https://www.youtube.com/watch?v=x',
          embed_url: 'https://www.youtube-nocookie.com/embed/x',
        },
      },
    });
    const frame = render(<FileMedia file={video} />).container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/x');
    expect(frame?.getAttribute('sandbox')).toContain('allow-scripts');
    const thumb = render(<FileThumb file={video} size={32} />).container;
    expect(thumb.querySelector('img')?.getAttribute('src')).toBe('https://i.ytimg.com/vi/x/hqdefault.jpg');
  });

  it('shows the type icon for anything else, and in a thumbnail without a picture', () => {
    const { container } = render(<FileMedia file={file('application/zip')} />);
    expect(container.querySelector('[data-icon="folder_zip"]')).not.toBeNull();
    expect(container.textContent).toContain('file_preview.no_preview');
    const thumb = render(<FileThumb file={file('application/pdf')} size={32} />).container;
    expect(thumb.querySelector('img')).toBeNull();
    expect(thumb.querySelector('[data-icon="picture_as_pdf"]')).not.toBeNull();
  });
});
