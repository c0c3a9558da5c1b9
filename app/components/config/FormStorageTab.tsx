// The storage tab: where submissions go besides the list of submissions. The mailing-list
// connection (SPEC 4 connected/disconnected, SPEC 5/8 texts), the notification email, and the
// automation connection: an outgoing webhook with its signing secret and its recent deliveries.
// The forms that write what they draw (list, email, URL) carry their version (issue 28).
import { Form } from '@remix-run/react';
import { Field, SelectField } from './Field.js';
import { formIdOf, refusedOf, SaveButton, shown, Versioned, type TabProps } from './form-builder-parts.js';
import { BUILDER_TEXT } from '../../forms/form-builder.js';

const when = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ') + ' UTC';

export function FormStorageTab({ data, result }: TabProps) {
  const s = data.form.settings;
  const err = (intent: string, name: string) => refusedOf(result, intent)?.errors[name] ?? null;
  const emailFields = data.form.fields.filter((f) => f.type === 'email');
  const listOptions = [
    { value: '', label: 'Choose a list' },
    ...data.lists.map((l) => ({ value: l.id, label: `${l.name} (${l.subscribers})` })),
  ];
  return (
    <>
      <h2>Storage</h2>

      <section aria-labelledby="list-h">
        <h3 id="list-h">Mailing list</h3>
        <p>
          Status: <strong data-testid="list-status">{data.listStatus}</strong>
          {data.listName ? ` to ${data.listName}` : ''}
        </p>
        {data.lists.length === 0 ? <p className="form-error">{BUILDER_TEXT.noLists}</p> : null}
        {data.lists.length > 0 && data.canWrite ? (
          <Form method="post" id={formIdOf('connect-list')}>
            <Versioned data={data} result={result} formKey="connect-list" />
            <SelectField
              name="mailingListId"
              label="Mailing list"
              options={listOptions}
              defaultValue={shown(result, 'connect-list', 'mailingListId', data.chosenList ?? s.mailingListId ?? '')}
              error={err('connect-list', 'mailingListId')}
            />
            {emailFields.length > 0 ? (
              <SelectField
                name="newsletterFieldId"
                label="Email field to subscribe"
                options={emailFields.map((f) => ({ value: f.id, label: f.title }))}
                defaultValue={shown(result, 'connect-list', 'newsletterFieldId', s.newsletterFieldId ?? '')}
                error={err('connect-list', 'newsletterFieldId')}
              />
            ) : (
              <p className="hint">Add an email field to the form: its address is what gets subscribed.</p>
            )}
            <SaveButton intent="connect-list" label="Connect list" />
          </Form>
        ) : null}
        {data.canWrite && s.mailingListId ? (
          <Form method="post">
            <SaveButton intent="disconnect-list" label="Disconnect list" />
          </Form>
        ) : null}
        {data.canWrite ? (
          <Form method="post">
            <Field
              name="listName"
              label="New mailing list name"
              defaultValue={shown(result, 'create-list', 'listName', '')}
              error={err('create-list', 'listName')}
            />
            <SaveButton intent="create-list" label="Create list" />
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="email-h">
        <h3 id="email-h">Notification email</h3>
        <Form method="post" id={formIdOf('save-email')}>
          <Versioned data={data} result={result} formKey="save-email" />
          <Field
            name="notifyEmail"
            type="text"
            inputMode="email"
            autoComplete="email"
            label="Email each submission to"
            hint="Leave empty to send none."
            defaultValue={shown(result, 'save-email', 'notifyEmail', s.notifyEmail ?? '')}
            error={err('save-email', 'notifyEmail')}
          />
          <SaveButton intent="save-email" disabled={!data.canWrite} />
        </Form>
      </section>

      <section aria-labelledby="hook-h">
        <h3 id="hook-h">Automation</h3>
        <p>
          Status: <strong data-testid="automation-status">{data.automation}</strong>
          {data.webhook ? ` (posting to ${data.webhook.url})` : ''}
        </p>
        {result?.secret ? (
          <div className="notice" role="status">
            Signing secret: <code data-testid="webhook-secret">{result.secret}</code>. Check the X-Storefront-Signature header of each post
            with it: sha256 HMAC of the X-Storefront-Timestamp header, a dot, and the body.
          </div>
        ) : null}
        {data.canWrite ? (
          <Form method="post" id={formIdOf('connect-webhook')}>
            <Versioned data={data} result={result} formKey="connect-webhook" />
            <Field
              name="webhookUrl"
              type="url"
              label="Webhook URL"
              hint="Each submission is posted there as JSON, signed."
              defaultValue={shown(result, 'connect-webhook', 'webhookUrl', data.webhook?.url ?? '')}
              error={err('connect-webhook', 'webhookUrl')}
            />
            <SaveButton intent="connect-webhook" label={data.webhook ? 'Save URL' : 'Connect automation'} />
          </Form>
        ) : null}
        {data.canWrite && data.webhook ? (
          <Form method="post" className="row-actions">
            <SaveButton intent="show-secret" label="Show secret" />
            <SaveButton intent="disconnect-webhook" label="Disconnect automation" />
          </Form>
        ) : null}
        <h4>Recent deliveries</h4>
        {data.deliveries.length === 0 ? (
          <p className="empty">No deliveries yet.</p>
        ) : (
          <table className="data">
            <caption className="visually-hidden">Recent webhook deliveries</caption>
            <thead>
              <tr>
                <th scope="col">Updated</th>
                <th scope="col">State</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.deliveries.map((d) => (
                <tr key={d.id}>
                  <td>{when(d.at)}</td>
                  <td>{d.state}</td>
                  <td>{d.attempts}</td>
                  <td>{d.lastStatus ? `HTTP ${d.lastStatus}` : (d.lastError ?? '')}</td>
                  <td>
                    {d.state === 'failed' && data.canWrite ? (
                      <Form method="post">
                        <input type="hidden" name="deliveryId" value={d.id} />
                        <SaveButton intent="resend" label="Send again" />
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
