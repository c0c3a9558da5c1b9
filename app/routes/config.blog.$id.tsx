// /config/blog/<id> (and /config/blog/new): a post's form, and its deletion after a confirmation step
// (app/components/config/EntryEditScreen.tsx draws it; app/config/entry-routes.server.ts does the work).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { EntryEditScreen } from '../components/config/EntryEditScreen.js';
import { entryEditAction, entryEditLoader } from '../config/entry-routes.server.js';
import { ownerPageHeaders } from '../config/http.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data && !data.isNew ? `Edit ${data.title}` : 'New post' }];

export const loader = (args: LoaderFunctionArgs) => entryEditLoader(args, 'blog');
export const action = (args: ActionFunctionArgs) => entryEditAction(args, 'blog');

export default function EditPost() {
  return <EntryEditScreen kind="blog" words={{ list: '/config/blog', listLabel: 'Blog', noun: 'post' }} />;
}
