// The engine side of a page: compile cache keyed by source hash, page inside layout, errors logged
// with the template name and never breaking the page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearCompileCache,
  compileCacheStats,
  compileCached,
  renderThemePage,
  type ThemeSources,
} from '../../../app/storefront/render.server.js';
import { log } from '../../../app/utils/log.server.js';

const theme: ThemeSources = {
  layout: '<header>{website.siteTitle|html}</header><main>{mainContent}</main>{@|apply footer}',
  pages: {
    home: '<h1>{pageTitle|html}</h1>{.repeated section items}<p>{title|html}</p>{.end}',
    broken: '<h1>{title|html}</h1><p>{price|no-such-formatter}</p><p>after</p>',
    partial: '<h1>Hi</h1>{@|apply missing-partial}<p>still here</p>',
  },
  partials: { footer: '<footer>© {website.siteTitle|html}</footer>' },
};

const ctx = { pageTitle: 'Welcome <home>', website: { siteTitle: 'Fern & Co' }, items: [{ title: 'A' }, { title: 'B' }] };

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  clearCompileCache();
  warn = vi.spyOn(log, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('renderThemePage', () => {
  it('renders the page template into the layout, with partials', () => {
    const { html, errors } = renderThemePage(theme, 'home', ctx, { locale: 'en-US' });
    expect(errors).toEqual([]);
    expect(html).toBe(
      '<header>Fern &amp; Co</header><main><h1>Welcome &lt;home&gt;</h1><p>A</p><p>B</p></main><footer>© Fern &amp; Co</footer>',
    );
  });

  it('logs an unknown formatter with the template name and still renders the rest', () => {
    const { html, errors } = renderThemePage(theme, 'broken', { title: 'T' });
    expect(html).toContain('<h1>T</h1>');
    expect(html).toContain('<p>after</p>');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0].template).toBe('broken');
    expect(warn.mock.calls.map((c) => String(c[1])).join('\n')).toMatch(/\[template broken:1:\d+\].*no-such-formatter/);
  });

  it('logs a runtime error (missing partial) with the template name and keeps rendering', () => {
    const { html, errors } = renderThemePage(theme, 'partial', {});
    expect(html).toContain('<p>still here</p>');
    expect(errors.some((e) => e.template === 'partial' && e.kind === 'runtime')).toBe(true);
    expect(warn.mock.calls.some((c) => String(c[1]).startsWith('[template partial]'))).toBe(true);
  });

  it('renders an empty main area when the theme lacks the page template', () => {
    const { html, errors } = renderThemePage(theme, 'search', ctx);
    expect(html).toContain('<main></main>');
    expect(errors[0]).toMatchObject({ template: 'search', message: 'Page template "search" not found' });
  });
});

describe('compile cache', () => {
  it('compiles each distinct source once, whatever its name', () => {
    renderThemePage(theme, 'home', ctx);
    const first = compileCacheStats();
    renderThemePage(theme, 'home', ctx);
    renderThemePage(theme, 'home', { ...ctx, pageTitle: 'Other' });
    expect(compileCacheStats()).toEqual(first);
    expect(compileCached('copy of home', theme.pages.home)).toBe(compileCached('home', theme.pages.home));
    expect(compileCacheStats().compiles).toBe(first.compiles);
  });

  it('recompiles when the source changes (a theme edit)', () => {
    const before = compileCacheStats().compiles;
    compileCached('home', '<h1>v1</h1>');
    compileCached('home', '<h1>v2</h1>');
    expect(compileCacheStats().compiles).toBe(before + 2);
    // The same source again, even as another string object, is a hit.
    compileCached('home', ['<h1>', 'v1</h1>'].join(''));
    expect(compileCacheStats().compiles).toBe(before + 2);
  });

  it('logs syntax errors once per source, not on every render', () => {
    const bad: ThemeSources = { ...theme, pages: { home: '{.section x}unclosed' } };
    renderThemePage(bad, 'home', {});
    renderThemePage(bad, 'home', {});
    const syntax = warn.mock.calls.filter((c) => String(c[1]).startsWith('[template home'));
    expect(syntax).toHaveLength(1);
  });
});
