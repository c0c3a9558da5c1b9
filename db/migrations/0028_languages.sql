-- More languages (issue 16): a site's languages (one default, served at the bare URLs; the others
-- under a /{code} prefix), the connection to an external translation service (SPEC 3), and the
-- translated fields of pages (collections) and products (items). A field left null falls back to
-- the default language's text. A site without rows here has one language: its website.locale's.

create table website_language (
  website_id  text not null references website(id) on delete cascade,
  -- a two- or three-letter ISO 639 language code, also the URL prefix ("fr" serves /fr/...)
  code        text not null check (code ~ '^[a-z]{2,3}$'),
  is_default  boolean not null default false,
  ordering    int not null default 0,
  primary key (website_id, code)
);
-- One default language per site.
create unique index website_language_default on website_language (website_id) where is_default;

-- The external translation service a site is connected to (one at most); DELETE
-- /api/multilingual/connection removes the row.
create table translation_connection (
  website_id    text primary key references website(id) on delete cascade,
  provider      text not null check (length(provider) between 1 and 100),
  connected_at  timestamptz not null default now()
);

-- A page's (or listing's) fields in one language.
create table collection_translation (
  collection_id    text not null references collection(id) on delete cascade,
  language         text not null check (language ~ '^[a-z]{2,3}$'),
  title            text check (length(title) <= 200),
  description      text check (length(description) <= 2000),
  body             text,
  seo_title        text check (length(seo_title) <= 200),
  seo_description  text check (length(seo_description) <= 2000),
  updated_at       timestamptz not null default now(),
  primary key (collection_id, language)
);

-- A product's (item's) fields in one language.
create table item_translation (
  item_id     text not null references item(id) on delete cascade,
  language    text not null check (language ~ '^[a-z]{2,3}$'),
  title       text check (length(title) <= 200),
  excerpt     text,
  body        text,
  updated_at  timestamptz not null default now(),
  primary key (item_id, language)
);


-- The store theme of sites seeded before this migration, where a template is still exactly the
-- seed's (md5 of the whole source; one the owner edited is left alone): the header's language
-- switcher, the layout's and the product page's texts from localizedStrings, and
-- post dates through CLDR (datetime date:long prints the same in en-US, and French on /fr/).

update theme_template
   set source = replace(replace(replace(replace(replace(source, $o$   search and the cart indicator; the page in mainContent; footer navigation and contact. ##}
<a class="skip-link" href="#main">Skip to content</a>$o$, $n$   search and the cart indicator; the page in mainContent; footer navigation and contact. Its own
   texts come from localizedStrings when the page's language has them (issue 16), else English. ##}
<a class="skip-link" href="#main">{.if localizedStrings.skipToContentText}{localizedStrings.skipToContentText|html}{.or}Skip to content{.end}</a>$n$), $o$    </nav>
    <div class="header-actions">$o$, $n$    </nav>
    {.section languages}
    {## A site with more languages (issue 16): this page in each of them. ##}
    <nav class="language-switcher" aria-label="Language">
      <ul style="display: flex; gap: .5rem; list-style: none; margin: 0; padding: 0; font-size: .85rem;">{.repeated section @}<li><a href="{url|htmlattr}" hreflang="{code|htmlattr}" lang="{code|htmlattr}"{.if current} aria-current="true" style="font-weight: 600;"{.end}>{name|html}</a></li>{.end}</ul>
    </nav>
    {.end}
    <div class="header-actions">$n$), $o$<span class="cart-link-text">Cart</span>$o$, $n$<span class="cart-link-text">{.if localizedStrings.cartLinkText}{localizedStrings.cartLinkText|html}{.or}Cart{.end}</span>$n$), $o$<h2>Help</h2>$o$, $n$<h2>{.if localizedStrings.footerHelpTitle}{localizedStrings.footerHelpTitle|html}{.or}Help{.end}</h2>$n$), $o$<h2>Visit</h2>$o$, $n$<h2>{.if localizedStrings.footerVisitTitle}{localizedStrings.footerVisitTitle|html}{.or}Visit{.end}</h2>$n$)
 where kind = 'layout' and name = 'layout' and md5(source) = 'ff55b0c66ccb5507d578133e44a895f3';

update theme_template
   set source = replace(source, $o$<label class="quantity"><span>Quantity</span>$o$, $n$<label class="quantity"><span>{.if localizedStrings.productQuantityInputLabel}{localizedStrings.productQuantityInputLabel|html}{.or}Quantity{.end}</span>$n$)
 where kind = 'page' and name = 'product' and md5(source) = '81ef6358b392b20493471cf933f0d6a4';

update theme_template
   set source = replace(source, $o${publishOn|date %B %e, %Y}$o$, $n${publishOn|datetime date:long}$n$)
 where kind = 'page' and name = 'post' and md5(source) = 'ba833f7a22f621064eb2eafb07b25689';

update theme_template
   set source = replace(source, $o${publishOn|date %B %e, %Y}$o$, $n${publishOn|datetime date:long}$n$)
 where kind = 'partial' and name = 'post-card' and md5(source) = '1301f0f351223e663adf91581b12554d';

