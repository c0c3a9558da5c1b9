// The popup in the browser: the server's <dialog open> region (popup.ts) is closed at once, then
// opened as a modal dialog when its trigger fires (seconds after load, or a share of the page
// scrolled), unless this browser closed it or sent its form while this version was up (SPEC 9's
// local storage keys). The dialog takes focus, Escape and the Close button close it, and focus
// goes back to where it was.
import { popupDue, POPUP_STORAGE_KEYS as KEYS, scrolledPercent, type PopupMemory } from './popup.js';

/** Local storage, or nothing when the browser refuses it (the popup then shows on each page load). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function remember(store: Storage | null, pairs: Record<string, string>): void {
  try {
    for (const [k, v] of Object.entries(pairs)) store?.setItem(k, v);
  } catch {
    // A full or refused store: the close is not remembered, nothing else breaks.
  }
}

function memoryOf(store: Storage | null): PopupMemory {
  const get = (k: string) => {
    try {
      return store?.getItem(k) ?? null;
    } catch {
      return null;
    }
  };
  return { dateClosed: get(KEYS.dateClosed), version: get(KEYS.version), submitted: get(KEYS.submitted) };
}

/** Enhances the page's popup, if any; returns what stops its trigger (a new page, a new render). */
export function enhancePopup(root: HTMLElement | null): () => void {
  const dialog = root?.querySelector<HTMLDialogElement>('dialog[data-popup]');
  if (!dialog || dialog.dataset.popupReady) return () => undefined;
  dialog.dataset.popupReady = '1';
  const version = Number(dialog.dataset.popupVersion ?? '1');
  const store = storage();
  // The region stands in for the dialog only without JavaScript.
  dialog.close();
  if (!popupDue(memoryOf(store), version)) return () => undefined;

  let opener: HTMLElement | null = null;
  // The first close() above fires "close" later too: only a close of the shown dialog counts.
  let shown = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    window.removeEventListener('scroll', onScroll);
  };
  const open = () => {
    stop();
    if (dialog.open || !dialog.isConnected) return;
    opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    shown = true;
    dialog.showModal();
    // For the analytics collector's overlay census call (app/analytics/collector.ts).
    dialog.dispatchEvent(new CustomEvent('popup:shown', { bubbles: true }));
  };
  function onScroll() {
    const doc = document.documentElement;
    if (scrolledPercent(window.scrollY, doc.scrollHeight, window.innerHeight) >= Number(dialog!.dataset.popupScroll ?? '50')) open();
  }

  // Escape, the Close button (a method="dialog" form) and a sent form all end in "close".
  dialog.addEventListener('close', () => {
    if (!shown) return;
    shown = false;
    const sent = dialog.querySelector('form[data-form-id]')?.hasAttribute('hidden') === true;
    remember(store, sent ? { [KEYS.submitted]: 'true', [KEYS.version]: String(version) } : {});
    remember(store, { [KEYS.dateClosed]: new Date().toISOString(), [KEYS.version]: String(version) });
    opener?.focus();
    opener = null;
  });
  // The newsletter form sent through the forms API (app/forms/form-island.ts hides it): remembered at once.
  const form = dialog.querySelector('form[data-form-id]');
  if (form) {
    new MutationObserver(() => {
      if (form.hasAttribute('hidden')) remember(store, { [KEYS.submitted]: 'true', [KEYS.version]: String(version) });
    }).observe(form, { attributes: true, attributeFilter: ['hidden'] });
  }

  if (dialog.dataset.popupTrigger === 'scroll') {
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
  } else {
    timer = setTimeout(open, Math.max(0, Number(dialog.dataset.popupDelay ?? '0')) * 1000);
  }
  return stop;
}
