// The builder's three small tabs: advanced (after-submit redirect, text and HTML, sanitised on
// save), captcha (the self-hosted proof-of-work challenge on or off), disclaimer (text, required).
import { Form } from '@remix-run/react';
import { CheckboxField, Field, TextAreaField } from './Field.js';
import { formIdOf, refusedOf, SaveButton, shown, Versioned, type TabProps } from './form-builder-parts.js';

const errOf = (r: TabProps['result'], intent: string) => (name: string) => refusedOf(r, intent)?.errors[name] ?? null;

const checked = (r: TabProps['result'], intent: string, name: string, saved: boolean) => {
  const failed = refusedOf(r, intent);
  return failed ? (failed.typed?.[name] ?? '') !== '' : saved;
};

export function AdvancedTab({ data, result }: TabProps) {
  const s = data.form.settings;
  const err = errOf(result, 'save-advanced');
  return (
    <>
      <h2>Advanced</h2>
      <Form method="post" id={formIdOf('save-advanced')}>
        <Versioned data={data} result={result} formKey="save-advanced" />
        <Field
          name="redirectUrl"
          label="After submitting, go to"
          hint="A page of this site (/thanks) or a web address. Leave empty to show the text below."
          defaultValue={shown(result, 'save-advanced', 'redirectUrl', s.redirectUrl ?? '')}
          error={err('redirectUrl')}
        />
        <TextAreaField
          name="submissionText"
          label="Submission text"
          defaultValue={shown(result, 'save-advanced', 'submissionText', s.submissionText)}
          error={err('submissionText')}
        />
        <TextAreaField
          name="postSubmitHtml"
          label="Post-submit HTML"
          hint="Shown under the submission text after submitting. Scripts, styles and frames are removed: the site runs no scripts but its own."
          rows={6}
          defaultValue={shown(result, 'save-advanced', 'postSubmitHtml', s.postSubmitHtml)}
          error={err('postSubmitHtml')}
        />
        <SaveButton intent="save-advanced" disabled={!data.canWrite} />
      </Form>
    </>
  );
}

export function CaptchaTab({ data, result }: TabProps) {
  return (
    <>
      <h2>Captcha</h2>
      <Form method="post" id={formIdOf('save-captcha')}>
        <Versioned data={data} result={result} formKey="save-captcha" />
        <CheckboxField
          name="captcha"
          label="Ask for a captcha"
          hint="A proof-of-work check the visitor's browser solves: no third party, no puzzles."
          defaultChecked={checked(result, 'save-captcha', 'captcha', data.form.settings.captcha)}
        />
        <SaveButton intent="save-captcha" disabled={!data.canWrite} />
      </Form>
    </>
  );
}

export function DisclaimerTab({ data, result }: TabProps) {
  const d = data.form.settings.disclaimer;
  const err = errOf(result, 'save-disclaimer');
  return (
    <>
      <h2>Disclaimer</h2>
      <Form method="post" id={formIdOf('save-disclaimer')}>
        <Versioned data={data} result={result} formKey="save-disclaimer" />
        <TextAreaField
          name="disclaimerText"
          label="Disclaimer"
          hint="Shown above the submit button. Leave empty for none."
          defaultValue={shown(result, 'save-disclaimer', 'disclaimerText', d?.text ?? '')}
          error={err('disclaimerText')}
        />
        <CheckboxField
          name="disclaimerRequired"
          label="Visitors must agree before submitting"
          defaultChecked={checked(result, 'save-disclaimer', 'disclaimerRequired', d?.required ?? false)}
          error={err('disclaimerRequired')}
        />
        <SaveButton intent="save-disclaimer" disabled={!data.canWrite} />
      </Form>
    </>
  );
}
