-- Event dates in the page's language (issue 16): the store theme's event page and event card
-- printed their dates with the strftime-style date formatter, English by design; a page whose
-- locale is not en-US now prints them through CLDR (datetime: French words, a 24-hour clock...),
-- while en-US pages keep the exact text they had. Sites seeded earlier get the new templates
-- where a template is still exactly the previous seed's (md5 of the whole source); one the owner
-- edited is left alone.

update theme_template
   set source = $t${## An event: when (in the site's time zone), where (with a map link), its description, and links to
   add it to a calendar: the engine's Google Calendar link and an .ics file for any other calendar. ##}
{.section item}
<article class="wrap-narrow event" id="event-{id|htmlattr}">
  <header class="page-header">
    <p class="eyebrow"><a href="{collection.fullUrl|htmlattr}">{collection.title|html}</a></p>
    <h1>{title|html}</h1>
  </header>
  <dl class="event-facts">
    <div>
      <dt>{.if localizedStrings.eventWhenLabel}{localizedStrings.eventWhenLabel|html}{.or}When{.end}</dt>
      <dd class="event-when">
        {.equal? website.locale "en-US"}{.same-day?}<time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|date %A, %B %e, %Y}</time><br><time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|date %l:%M %p}</time> &ndash; <time datetime="{endDate|date %Y-%m-%dT%H:%M}">{endDate|date %l:%M %p %Z}</time>
        {.or}<time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|date %A, %B %e, %Y, %l:%M %p}</time> &ndash;<br><time datetime="{endDate|date %Y-%m-%dT%H:%M}">{endDate|date %A, %B %e, %Y, %l:%M %p %Z}</time>{.end}{.or}{.same-day?}<time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|datetime date:full}</time><br><time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|datetime jm}</time> &ndash; <time datetime="{endDate|date %Y-%m-%dT%H:%M}">{endDate|datetime jmz}</time>
        {.or}<time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|datetime yMMMMEEEEdjm}</time> &ndash;<br><time datetime="{endDate|date %Y-%m-%dT%H:%M}">{endDate|datetime yMMMMEEEEdjmz}</time>{.end}{.end}
      </dd>
    </div>
    {.if hasLocation}
    <div>
      <dt>{.if localizedStrings.eventWhereLabel}{localizedStrings.eventWhereLabel|html}{.or}Where{.end}</dt>
      <dd class="event-where">
        {.section location}
        {.if addressTitle}<strong>{addressTitle|html}</strong><br>{.end}
        {.if addressLine1}{addressLine1|html}<br>{.end}
        {.if addressLine2}{addressLine2|html}<br>{.end}
        {.if addressCountry}{addressCountry|html}<br>{.end}
        {.end}
        {.section mapUrl}<a href="{@|htmlattr}" rel="noopener" target="_blank">{.if localizedStrings.eventMapText}{localizedStrings.eventMapText|html}{.or}View map{.end}</a>{.end}
      </dd>
    </div>
    {.end}
  </dl>
  <p class="event-calendar">
    <a class="button button-ghost" href="{@|google-calendar-url|htmlattr}" rel="noopener" target="_blank">{.if localizedStrings.eventGoogleCalendarText}{localizedStrings.eventGoogleCalendarText|html}{.or}Add to Google Calendar{.end}</a>
    <a class="button button-ghost" href="{icsUrl|htmlattr}" download>{.if localizedStrings.eventIcsText}{localizedStrings.eventIcsText|html}{.or}Download .ics{.end}</a>
  </p>
  {.if assetUrl}
  <figure class="page-banner">
    <img src="{assetUrl|htmlattr}"{@|image-srcset} sizes="(max-width: 900px) 100vw, 860px" width="{originalSize|width}" height="{originalSize|height}" alt="">
  </figure>
  {.end}
  <div class="prose">{body}</div>
  <p><a href="{collection.fullUrl|htmlattr}">&larr; {.if localizedStrings.allEventsText}{localizedStrings.allEventsText|html}{.or}All events{.end}</a></p>
</article>
{.end}
$t$
 where kind = 'page' and name = 'event' and md5(source) = '40b1580151b6204991eb9597009a776c';

update theme_template
   set source = $t${## An event in a list: its date block, title, time (one day, or from one day to another),
   where it is, and its excerpt. Dates print in the site's time zone. ##}
<article class="event-card">
  <div class="event-date-block" aria-hidden="true">
    <span class="event-month">{.equal? website.locale "en-US"}{startDate|date %b}{.or}{startDate|datetime MMM}{.end}</span>
    <span class="event-day">{.equal? website.locale "en-US"}{startDate|date %d}{.or}{startDate|datetime dd}{.end}</span>
  </div>
  <div class="event-card-body">
    <h3 class="event-card-title"><a href="{fullUrl|htmlattr}">{title|html}</a></h3>
    <p class="event-when">
      {.equal? website.locale "en-US"}{.same-day?}<time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|date %A, %B %e, %Y, %l:%M %p}</time> &ndash; <time datetime="{endDate|date %Y-%m-%dT%H:%M}">{endDate|date %l:%M %p}</time>
      {.or}<time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|date %A, %B %e, %Y, %l:%M %p}</time> &ndash; <time datetime="{endDate|date %Y-%m-%dT%H:%M}">{endDate|date %A, %B %e, %Y, %l:%M %p}</time>{.end}{.or}{.same-day?}<time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|datetime yMMMMEEEEdjm}</time> &ndash; <time datetime="{endDate|date %Y-%m-%dT%H:%M}">{endDate|datetime jm}</time>
      {.or}<time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|datetime yMMMMEEEEdjm}</time> &ndash; <time datetime="{endDate|date %Y-%m-%dT%H:%M}">{endDate|datetime yMMMMEEEEdjm}</time>{.end}{.end}
    </p>
    {.section location}{.if addressTitle}<p class="event-where">{addressTitle|html}{.if addressLine1}, {addressLine1|html}{.end}</p>{.end}{.end}
    {.excerpt?}<div class="event-excerpt">{excerpt}</div>{.end}
  </div>
</article>
$t$
 where kind = 'partial' and name = 'event-card' and md5(source) = '7d53714937f90829640f764c9444e32b';
