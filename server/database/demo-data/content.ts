import words from './content.json' with { type: 'json' };
import { TRANSLATION_LANGUAGES, type ArticleStatus } from './model';
import { buildShowcaseContent } from './showcase';

/**
 * The demo items, generated from the word lists in content.json with a seeded PRNG: every run and
 * every vendor gets exactly the same rows, so screenshots, tests and benchmarks are comparable.
 */

export type Row = Record<string, string | number | null>;
/** Rows per table: the magazine's, then the interface showcase's. */
export type DemoContent = Record<
  | 'languages'
  | 'authors'
  | 'categories'
  | 'topics'
  | 'articles'
  | 'articles_topics'
  | 'article_translations'
  | 'reviews'
  | 'site_settings',
  Row[]
> &
  Record<string, Row[]>;

/** mulberry32: tiny, fast and good enough for demo data. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const sample = <T>(list: readonly T[], count: number): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, count);
  };
  return { next, int, pick, sample, chance: (p: number) => next() < p };
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:MM:SS` in UTC, the v8 datetime form. */
export function sqlDatetime(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Content starts on a fixed date so that it is the same whenever it is generated. */
const START = Date.UTC(2023, 0, 9, 8, 30, 0);
export const ARTICLE_COUNT = 100;

const STATUS_WEIGHTS: Array<[ArticleStatus, number]> = [
  ['published', 0.6],
  ['draft', 0.15],
  ['review', 0.1],
  ['archived', 0.1],
  ['deleted', 0.05],
];

/** Builds every demo row. `users` are the ids that own articles: the administrator and the editor. */
export function buildDemoContent(users: { admin: number; editor: number }): DemoContent {
  const random = prng(0x0c7a7);

  const languages: Row[] = words.languages.map((l) => ({
    code: l.code,
    name: l.name,
    native_name: l.native_name,
  }));

  const authors: Row[] = words.authors.map((author, index) => {
    const [first] = author.name.split(' ');
    const values = { name: author.name, first, beat: author.beat, home: author.home };
    const bio = [words.bio_sentences[0], ...random.sample(words.bio_sentences.slice(1), random.int(1, 2))]
      .map((s) => fill(s, values))
      .join(' ');
    const slug = slugify(author.name);
    return {
      id: index + 1,
      name: author.name,
      email: `${slug.replace('-', '.')}@octavo-magazine.example`,
      bio,
      website: `https://octavo-magazine.example/authors/${slug}`,
      joined_on: sqlDatetime(Date.UTC(2016, 0, 1) + random.int(0, 6 * 365) * DAY).slice(0, 10),
    };
  });

  const categories: Row[] = words.categories.map((category, index) => ({
    id: index + 1,
    sort: index + 1,
    name: category.name,
    slug: slugify(category.name),
    color: category.color,
    description: category.description,
  }));

  const topics: Row[] = words.topics.map((name, index) => ({ id: index + 1, name, slug: slugify(name) }));

  const articles: Row[] = [];
  const articlesTopics: Row[] = [];
  const translations: Row[] = [];
  const reviews: Row[] = [];
  const titles = new Set<string>();

  for (let index = 0; index < ARTICLE_COUNT; index++) {
    const id = index + 1;
    const categoryIndex = random.int(0, words.categories.length - 1);
    const category = words.categories[categoryIndex];
    let headline = random.pick(category.headlines);
    let place = random.pick(words.places);
    while (titles.has(fill(headline['en-US'], { place }))) {
      headline = random.pick(category.headlines);
      place = random.pick(words.places);
    }
    const title = fill(headline['en-US'], { place });
    titles.add(title);

    let roll = random.next();
    let status: ArticleStatus = 'published';
    for (const [candidate, weight] of STATUS_WEIGHTS) {
      if (roll < weight) {
        status = candidate;
        break;
      }
      roll -= weight;
    }
    const isOut = status === 'published' || status === 'archived';

    const person = random.pick(words.people);
    const paragraphs = random
      .sample(words.paragraphs, random.int(5, 9))
      .map((p) => fill(p, { place, person, number: String(random.int(3, 40) * 10) }));
    const wordCount = paragraphs.join(' ').split(/\s+/).length;
    const body = paragraphs
      .map((p, i) =>
        p.startsWith('"')
          ? `<blockquote><p>${escapeHtml(p)}</p></blockquote>`
          : i === 2
            ? `<h2>${escapeHtml(place)}, up close</h2>\n<p>${escapeHtml(p)}</p>`
            : `<p>${escapeHtml(p)}</p>`,
      )
      .join('\n');

    const created = START + index * 6 * DAY + random.int(0, 10) * HOUR;
    const published = isOut ? created + random.int(1, 9) * DAY + random.int(0, 8) * HOUR : null;
    const modified = (published ?? created) + random.int(1, 72) * HOUR;
    const owner = random.chance(0.35) ? users.editor : users.admin;
    const articleTopics = random.sample(
      words.topics.map((_, i) => i + 1),
      random.int(1, 4),
    );
    const summary = fill(category.summary['en-US'], { place });

    articles.push({
      id,
      status,
      title,
      slug: slugify(title),
      category: categoryIndex + 1,
      author: random.int(1, authors.length),
      summary,
      body,
      tags: random.sample(words.tags, random.int(1, 3)).sort().join(','),
      published_on: published === null ? null : sqlDatetime(published),
      reading_time: Math.max(1, Math.round(wordCount / 200)),
      featured: status === 'published' && random.chance(0.15) ? 1 : 0,
      rating: null,
      metadata: JSON.stringify({
        seo: {
          description: summary,
          keywords: [place.toLowerCase(), ...articleTopics.map((t) => words.topics[t - 1].toLowerCase())],
        },
        word_count: wordCount,
        source: random.chance(0.3) ? 'print' : 'web',
      }),
      owner,
      created_on: sqlDatetime(created),
      modified_by: owner,
      modified_on: sqlDatetime(modified),
    });

    for (const topic of articleTopics) {
      articlesTopics.push({ id: articlesTopics.length + 1, article: id, topic });
    }

    if (status !== 'deleted') {
      for (const language of Object.keys(TRANSLATION_LANGUAGES)) {
        if (!random.chance(status === 'published' ? 0.4 : 0.15)) continue;
        const key = language as 'de-DE' | 'fr-FR' | 'es-ES';
        translations.push({
          id: translations.length + 1,
          article: id,
          language,
          title: fill(headline[key], { place }),
          summary: fill(category.summary[key], { place }),
        });
      }
    }

    if (isOut) {
      const count = random.int(0, 5);
      let sum = 0;
      for (let r = 0; r < count; r++) {
        const reviewer = random.pick(words.reviewers);
        const rating = Math.min(5, Math.max(1, Math.round(2.5 + random.next() * 3)));
        sum += rating;
        reviews.push({
          id: reviews.length + 1,
          article: id,
          reviewer_name: reviewer,
          email: `${slugify(reviewer).replace(/-/g, '.')}@mail.example`,
          rating,
          approved: random.chance(0.8) ? 1 : 0,
          comment: random.pick(words.review_comments),
          submitted_on: sqlDatetime(published! + random.int(2, 400) * HOUR),
        });
      }
      if (count > 0) articles[index].rating = Math.round((sum / count) * 10) / 10;
    }
  }

  const siteSettings: Row[] = [
    {
      id: 1,
      site_name: 'Octavo Magazine',
      tagline: 'Slow journalism about fast-changing cities',
      contact_email: 'desk@octavo-magazine.example',
      default_language: 'en-US',
      articles_per_page: 12,
      maintenance_mode: 0,
      primary_color: '#263238',
      social_links: JSON.stringify([
        { network: 'Mastodon', url: 'https://mastodon.example/@octavo' },
        { network: 'Newsletter', url: 'https://octavo-magazine.example/newsletter' },
        { network: 'RSS', url: 'https://octavo-magazine.example/feed.xml' },
      ]),
    },
  ];

  return {
    languages,
    authors,
    categories,
    topics,
    articles,
    articles_topics: articlesTopics,
    article_translations: translations,
    reviews,
    site_settings: siteSettings,
    ...buildShowcaseContent(users),
  };
}
