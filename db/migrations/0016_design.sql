-- Design (issue 13): the seed themes' stylesheets read the site's fonts and colours as CSS custom
-- properties (--font-body, --color-accent...; app/design/design.ts). A site whose theme.css is still
-- exactly a seed's (compared by md5 of the whole source) gets the same block appended; any edited
-- stylesheet is left as its owner made it (its pages keep their look; the variables are there to use).
-- Each theme has two md5s: its seed before issue 13, and the same after migration 0015 appended the
-- content blocks' styles (0015 runs first), so a site's stylesheet ends as a fresh seed's would.

update theme_template
   set source = source || $design$
/* Design (fonts and colours chosen in /config/design): the site's choices arrive as custom
   properties before this file; each falls back to the theme's own value when not chosen. */
:root {
  --paper: var(--color-background, #fbf9f4);
  --ink: var(--color-text, #26303f);
  --sea-deep: var(--color-accent, #2c5c6a);
  --serif: var(--font-heading, "Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif);
  --sans: var(--font-body, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
}
/* The translucent panels over the page follow a chosen background too. */
.site-header { background: color-mix(in srgb, var(--paper) 94%, transparent); }
.hero-panel { background: color-mix(in srgb, var(--paper) 93%, transparent); }
/* A button's own colours: --ink and --paper are its fill and text, so every button rule above follows. */
.button { --ink: var(--color-button, var(--color-text, #26303f)); --paper: var(--color-button-text, var(--color-background, #fbf9f4)); }
$design$,
       updated_at = now()
 where kind = 'stylesheet' and name = 'theme.css' and md5(source) in ('7129c8d071d9b22f504bd5ac75107751', '644163a8c7f6db39b4491e157bce3696');

update theme_template
   set source = source || $design$
/* Design (fonts and colours chosen in /config/design): the site's choices arrive as custom
   properties before this file; each falls back to the theme's own value when not chosen. */
:root {
  --paper: var(--color-background, #f6efe2);
  --ink: var(--color-text, #2a241f);
  --accent: var(--color-accent, #8b3a1e);
  --serif: var(--font-body, "Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, serif);
}
h1, h2, h3, .site-title { font-family: var(--font-heading, var(--serif)); }
/* A button's own colours: --ink and --paper are its fill and text. */
.button { --ink: var(--color-button, var(--color-text, #2a241f)); --paper: var(--color-button-text, var(--color-background, #f6efe2)); }
$design$,
       updated_at = now()
 where kind = 'stylesheet' and name = 'theme.css' and md5(source) in ('b66d6faa3026fab6918292e2fce758d3', '358e3bd6534ac5fc877f4b1f3504443f');
