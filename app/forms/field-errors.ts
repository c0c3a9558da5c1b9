// A form's field errors shown in the browser: each message in its field's error place (drawn by
// app/forms/form-html.ts), with aria-invalid and aria-describedby on the field's inputs. Shared by
// the form island and the add-to-cart island (a product's custom form, issue 30).

/** Shows (or clears) each field's message above its title, with aria-invalid on its inputs. */
export function showFieldErrors(form: HTMLFormElement, errors: Record<string, string>): void {
  for (const wrap of form.querySelectorAll<HTMLElement>('[data-field-id]')) {
    const message = errors[wrap.dataset.fieldId ?? ''];
    const p = wrap.querySelector<HTMLElement>('[data-field-error]');
    if (p) {
      p.textContent = message ?? '';
      p.hidden = !message;
    }
    wrap.classList.toggle('has-error', Boolean(message));
    for (const el of wrap.querySelectorAll<HTMLElement>('input, textarea, select, fieldset.field-group')) {
      if (el.closest('.field-option') && el.tagName !== 'FIELDSET') continue;
      if (message) el.setAttribute('aria-invalid', 'true');
      else el.removeAttribute('aria-invalid');
      if (p && message) {
        const ids = new Set((el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean));
        ids.add(p.id);
        el.setAttribute('aria-describedby', [...ids].join(' '));
      }
    }
  }
}
