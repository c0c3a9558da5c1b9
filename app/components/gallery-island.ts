// Gallery blocks with JavaScript on: a slideshow or carousel with autoplay moves on every `duration`
// seconds (paused while the pointer is over it or focus is in it, and never under
// prefers-reduced-motion), its previous/next controls work when the owner set them, and images
// with the lightbox option open in a modal (previous/next, Escape, focus back to the image, the
// owner's dark or light theme). Without JavaScript the gallery is a list of images, each a link
// to the full image when the lightbox is on. The texts it writes are in the page's language
// (ui-texts.ts's island texts).
import { islandText, UI_TEXT } from '../utils/ui-texts.js';

function items(gallery: HTMLElement): HTMLElement[] {
  return [...gallery.querySelectorAll<HTMLElement>('.gallery-items > .gallery-item')];
}

/** Shows slide `i` (wrapping) of a slideshow or carousel; the gallery's data-current says which (1-based). */
function show(gallery: HTMLElement, i: number): void {
  const all = items(gallery);
  if (all.length === 0) return;
  const n = ((i % all.length) + all.length) % all.length;
  gallery.dataset.current = String(n + 1);
  all.forEach((li, k) => li.classList.toggle('is-current', k === n));
  const list = gallery.querySelector<HTMLElement>('.gallery-items');
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  list?.scrollTo({ left: all[n].offsetLeft - list.offsetLeft, behavior: reduce ? 'auto' : 'smooth' });
}

const current = (gallery: HTMLElement) => Number(gallery.dataset.current ?? '1') - 1;

function slides(gallery: HTMLElement): () => void {
  const undo: (() => void)[] = [];
  const moving = gallery.dataset.design === 'slideshow' || gallery.dataset.design === 'slider';
  if (!moving) return () => {};
  show(gallery, 0);
  const controls = gallery.querySelector<HTMLElement>('[data-gallery-controls]');
  if (controls) {
    // The store theme writes the buttons in the page's language (localizedStrings); a theme that
    // writes them in English still gets them relabelled on a page in another language.
    const label = (selector: string, key: string, english: string) => {
      const b = controls.querySelector(selector);
      if (b && b.textContent?.trim() === english) b.textContent = islandText(document, key, english);
    };
    label('[data-gallery-prev]', 'galleryPreviousText', UI_TEXT.previousImage);
    label('[data-gallery-next]', 'galleryNextText', UI_TEXT.nextImage);
    controls.hidden = false;
    const onClick = (e: MouseEvent) => {
      const b = (e.target as Element).closest('[data-gallery-prev], [data-gallery-next]');
      if (b) show(gallery, current(gallery) + (b.hasAttribute('data-gallery-prev') ? -1 : 1));
    };
    controls.addEventListener('click', onClick);
    undo.push(() => controls.removeEventListener('click', onClick));
  }
  const seconds = Number(gallery.dataset.autoplay);
  // SPEC 3: 1 to 10 seconds. Under reduced motion nothing moves by itself.
  if (seconds >= 1 && seconds <= 10 && !window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hovered = false;
    let focused = false;
    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const start = () => {
      stop();
      if (hovered || focused) return;
      gallery.dataset.playing = 'true';
      timer = setTimeout(() => {
        show(gallery, current(gallery) + 1);
        start();
      }, seconds * 1000);
    };
    const pause = () => {
      stop();
      gallery.dataset.playing = 'false';
    };
    const on = (type: string, f: (e: Event) => void) => {
      gallery.addEventListener(type, f);
      undo.push(() => gallery.removeEventListener(type, f));
    };
    on('mouseenter', () => {
      hovered = true;
      pause();
    });
    on('mouseleave', () => {
      hovered = false;
      start();
    });
    on('focusin', () => {
      focused = true;
      pause();
    });
    on('focusout', (e) => {
      if (gallery.contains((e as FocusEvent).relatedTarget as Node | null)) return;
      focused = false;
      start();
    });
    start();
    undo.push(stop);
  }
  return () => undo.forEach((f) => f());
}

/** The lightbox: one modal <dialog> per gallery, made on first use. */
function lightbox(gallery: HTMLElement): () => void {
  const links = () => [...gallery.querySelectorAll<HTMLAnchorElement>('.gallery-items a[data-lightbox]')];
  if (links().length === 0) return () => {};
  let dialog: HTMLDialogElement | null = null;
  let at = 0;
  let opener: HTMLElement | null = null;
  const theme = gallery.classList.contains('lightbox-light') ? 'light' : 'dark';
  const draw = () => {
    const all = links();
    at = ((at % all.length) + all.length) % all.length;
    const img = all[at].querySelector('img');
    const picture = dialog!.querySelector('img')!;
    picture.src = all[at].href;
    picture.alt = img?.alt ?? '';
    const position = islandText(document, 'lightboxPositionText', UI_TEXT.imagePosition, { position: at + 1, total: all.length });
    dialog!.querySelector('[data-lightbox-caption]')!.textContent = `${img?.alt ?? ''} (${position})`;
  };
  const make = () => {
    const d = document.createElement('dialog');
    d.className = `gallery-lightbox lightbox-${theme}`;
    d.setAttribute('aria-label', islandText(document, 'lightboxLabel', UI_TEXT.imageViewer));
    d.innerHTML =
      '<figure><img alt=""><figcaption data-lightbox-caption></figcaption></figure>' +
      '<button type="button" class="lightbox-prev" data-move="-1"></button>' +
      '<button type="button" class="lightbox-next" data-move="1"></button>' +
      '<button type="button" class="lightbox-close" data-close></button>';
    d.querySelector('.lightbox-prev')!.textContent = islandText(document, 'galleryPreviousText', UI_TEXT.previousImage);
    d.querySelector('.lightbox-next')!.textContent = islandText(document, 'galleryNextText', UI_TEXT.nextImage);
    d.querySelector('.lightbox-close')!.textContent = islandText(document, 'lightboxCloseText', UI_TEXT.close);
    d.addEventListener('click', (e) => {
      const t = e.target as Element;
      const move = t.closest<HTMLElement>('[data-move]');
      if (move) {
        at += Number(move.dataset.move);
        draw();
      } else if (t.closest('[data-close]') || t === d) d.close(); // a click on the backdrop closes too
    });
    d.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        at += e.key === 'ArrowLeft' ? -1 : 1;
        draw();
      }
    });
    // Escape closes a modal dialog by itself; focus goes back to the image that opened it.
    d.addEventListener('close', () => opener?.focus());
    gallery.append(d);
    return d;
  };
  const onClick = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest<HTMLAnchorElement>('a[data-lightbox]');
    if (!a || !gallery.contains(a)) return;
    e.preventDefault();
    opener = a;
    at = links().indexOf(a);
    dialog ??= make();
    draw();
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-close]')?.focus();
  };
  gallery.addEventListener('click', onClick);
  return () => {
    gallery.removeEventListener('click', onClick);
    dialog?.remove();
  };
}

export function enhanceGalleries(root: HTMLElement | null): () => void {
  const undo: (() => void)[] = [];
  for (const g of root?.querySelectorAll<HTMLElement>('.block-gallery') ?? []) undo.push(slides(g), lightbox(g));
  return () => undo.forEach((f) => f());
}
