import { describe, expect, it } from 'vitest';
import { fileFacts, fileIcon, previewKind, versioned } from './preview';

describe('file previews', () => {
  it.each([
    ['image/jpeg', 'image'],
    ['image/png', 'image'],
    ['image/svg+xml', 'svg'],
    ['video/mp4', 'video'],
    ['audio/mpeg', 'audio'],
    ['application/pdf', 'pdf'],
    ['embed/youtube', 'embed'],
    ['embed/vimeo', 'embed'],
    ['image/tiff', 'other'],
    ['text/html', 'other'],
    ['', 'other'],
  ])('%s is previewed as %s', (type, kind) => {
    expect(previewKind(type)).toBe(kind);
  });

  it('names an icon for every type', () => {
    expect(fileIcon('application/pdf')).toBe('picture_as_pdf');
    expect(fileIcon('application/zip')).toBe('folder_zip');
    expect(fileIcon('embed/vimeo')).toBe('smart_display');
    expect(fileIcon(undefined)).toBe('draft');
  });

  it('versions same-origin addresses by the checksum, so a replaced file is fetched again', () => {
    expect(versioned('/p/assets/abc', 'f00')).toBe('/p/assets/abc?v=f00');
    expect(versioned('/p/assets/abc?key=x', 'f00')).toBe('/p/assets/abc?key=x&v=f00');
    expect(versioned('https://i.ytimg.com/vi/x/hqdefault.jpg', 'f00')).toBe(
      'https://i.ytimg.com/vi/x/hqdefault.jpg',
    );
  });

  it('reads a file object: original, download, thumbnail, embed player', () => {
    const image = fileFacts({
      id: 3,
      type: 'image/png',
      title: 'Sea',
      checksum: 'c1',
      width: 10,
      height: 5,
      data: {
        url: '/p/assets/h',
        thumbnails: [
          { key: 'directus-small-crop', relative_url: '/p/assets/h?key=directus-small-crop' },
          { key: 'directus-small-contain', relative_url: '/p/assets/h?key=directus-small-contain' },
        ],
        embed: null,
      },
    });
    expect(image).toMatchObject({
      kind: 'image',
      url: '/p/assets/h?v=c1',
      downloadUrl: '/p/assets/h?download&v=c1',
      thumbnail: '/p/assets/h?key=directus-small-crop&v=c1',
      name: 'Sea',
      width: 10,
    });
    expect(
      fileFacts({ type: 'image/png', data: { url: '/a', thumbnails: null } }, false)?.thumbnail,
    ).toBeNull();
    const video = fileFacts({
      type: 'embed/youtube',
      embed: 'abc',
      data: {
        url: '/p/assets/h',
        thumbnails: [{ key: 'youtube-poster', url: 'https://i.ytimg.com/vi/abc/hqdefault.jpg' }],
        embed: {
          url: 'https://www.youtube.com/watch?v=abc',
          embed_url: 'https://www.youtube-nocookie.com/embed/abc',
        },
      },
    });
    expect(video).toMatchObject({
      kind: 'embed',
      url: null,
      downloadUrl: null,
      thumbnail: 'https://i.ytimg.com/vi/abc/hqdefault.jpg',
      player: 'https://www.youtube-nocookie.com/embed/abc',
      watch: 'https://www.youtube.com/watch?v=abc',
    });
    expect(fileFacts(7)).toBeNull();
  });
});
