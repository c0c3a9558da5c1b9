-- The store theme's own texts in the page's language (issue 16): the layout's landmark and link
-- labels and its footer line, and a content block's gallery buttons and video label (store and
-- journal themes), from localizedStrings with English as before, so a page in French says them in
-- French without JavaScript too. Only templates still exactly the previous seed (md5 of the whole
-- source) change; what the owner edited is left alone.

update theme_template
   set source = replace(replace(replace(replace(replace(replace(replace(replace(source,
         $old$aria-label="Announcement"$old$,
         $new$aria-label="{.if localizedStrings.announcementLabel}{localizedStrings.announcementLabel|htmlattr}{.or}Announcement{.end}"$new$),
         $old$aria-label="Main"$old$,
         $new$aria-label="{.if localizedStrings.mainNavigationLabel}{localizedStrings.mainNavigationLabel|htmlattr}{.or}Main{.end}"$new$),
         $old$aria-label="Language"$old$,
         $new$aria-label="{.if localizedStrings.languageSwitcherLabel}{localizedStrings.languageSwitcherLabel|htmlattr}{.or}Language{.end}"$new$),
         $old$aria-label="Search"$old$,
         $new$aria-label="{.if localizedStrings.searchLinkLabel}{localizedStrings.searchLinkLabel|htmlattr}{.or}Search{.end}"$new$),
         $old$aria-label="Account"$old$,
         $new$aria-label="{.if localizedStrings.accountLinkLabel}{localizedStrings.accountLinkLabel|htmlattr}{.or}Account{.end}"$new$),
         $old$aria-label="Cart summary"$old$,
         $new$aria-label="{.if localizedStrings.cartSummaryLabel}{localizedStrings.cartSummaryLabel|htmlattr}{.or}Cart summary{.end}"$new$),
         $old$aria-label="Footer"$old$,
         $new$aria-label="{.if localizedStrings.footerNavigationLabel}{localizedStrings.footerNavigationLabel|htmlattr}{.or}Footer{.end}"$new$),
         $old$. Made by hand, shipped with care.</p>$old$,
         $new$. {.if localizedStrings.footerMadeText}{localizedStrings.footerMadeText|html}{.or}Made by hand, shipped with care.{.end}</p>$new$),
       updated_at = now()
 where name = 'layout' and kind = 'layout' and md5(source) = '447ec84f66dbb3c8c45eedb3db955392';

update theme_template
   set source = replace(replace(replace(source,
         $old$data-gallery-prev>Previous image</button>$old$,
         $new$data-gallery-prev>{.if localizedStrings.galleryPreviousText}{localizedStrings.galleryPreviousText|html}{.or}Previous image{.end}</button>$new$),
         $old$data-gallery-next>Next image</button>$old$,
         $new$data-gallery-next>{.if localizedStrings.galleryNextText}{localizedStrings.galleryNextText|html}{.or}Next image{.end}</button>$new$),
         $old$<span class="block-video-label">Play {title|html}</span>$old$,
         $new$<span class="block-video-label">{.if localizedStrings.videoPlayText}{localizedStrings.videoPlayText|message title=title|html}{.or}Play {title|html}{.end}</span>$new$),
       updated_at = now()
 where name = 'page-blocks' and kind = 'partial' and md5(source) = '8bcbfb0d3617d6c1fb1eff906633e12e';
