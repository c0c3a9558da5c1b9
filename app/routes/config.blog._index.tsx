// /config/blog: the site's posts, newest first, with status and a "New post" button
// (app/config/entry-routes.server.ts does the work).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { EntryList } from '../components/config/EntryList.js';
import { entryListLoader } from '../config/entry-routes.server.js';
import { ownerPageHeaders } from '../config/http.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'Blog' }];

export const loader = (args: LoaderFunctionArgs) => entryListLoader(args, 'blog');

export default function BlogList() {
  return <EntryList heading="Blog" screen="/config/blog" newLabel="New post" whenLabel="Date" empty="This site has no posts yet." />;
}
