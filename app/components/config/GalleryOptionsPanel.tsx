// The gallery block's form: the images, chosen from the site's files (checkboxes, in the files'
// order), and the options panel of SPEC 3 (design, aspect ratio, numbers with their ranges,
// switches). With JavaScript the design rules of SPEC 4 show at once (slideshow ticks and locks
// "Show thumbnails"; grid and stacked untick and lock it and "Autoplay"); the server applies them
// on every save either way.
import { useState, useSyncExternalStore } from 'react';
import {
  ALIGNMENTS,
  altName,
  GALLERY_ALT_MAX,
  ASPECT_RATIOS,
  DESIGN_LABELS,
  GALLERY_DESIGNS,
  GALLERY_MAX_IMAGES,
  GALLERY_NUMBERS,
  GALLERY_SWITCHES,
  LIGHTBOX_THEMES,
  META_POSITIONS,
  type GalleryDesign,
  type GallerySwitch,
} from '../../config/blocks/gallery.js';
import { Field, FieldFrame, SelectField } from './Field.js';

export interface PickableFile {
  id: string;
  name: string;
  url: string;
  originalSize: string | null;
}

const RATIO_LABELS: Record<keyof typeof ASPECT_RATIOS, string> = {
  square: 'Square (1:1)',
  standard: 'Standard (3:2)',
  'standard-vertical': 'Standard vertical (2:3)',
  'four-three': 'Four-three (4:3)',
  'three-four-vertical': 'Three-four vertical (3:4)',
  widescreen: 'Widescreen (16:9)',
  'anamorphic-widescreen': 'Anamorphic widescreen (2.40:1)',
};
const title = (s: string) => s.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => (d ? ' ' : '') + c.toUpperCase());

const noChanges = () => () => {};

/** What a design forces, if anything (SPEC 4). */
function forced(design: string, key: GallerySwitch): boolean | null {
  if (design === 'slideshow' && key === 'thumbnails') return true;
  if ((design === 'grid' || design === 'stacked') && (key === 'thumbnails' || key === 'autoplay')) return false;
  return null;
}

interface Props {
  fields: Record<string, string>;
  images: string[];
  files: PickableFile[];
  errors: Record<string, string>;
}

export function GalleryOptionsPanel({ fields, images, files, errors }: Props) {
  const [design, setDesign] = useState<string>(fields.design ?? 'grid');
  // Without JavaScript nothing is locked (the design may change in the same post); the rules show
  // live once the page runs.
  const live = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const chosen = new Set(images);
  // Chosen images first, in their order, then the rest of the files.
  const ordered = [
    ...images.map((id) => files.find((f) => f.id === id)).filter((f): f is PickableFile => Boolean(f)),
    ...files.filter((f) => !chosen.has(f.id)),
  ];
  return (
    <>
      <FieldFrame
        name="image"
        id="gallery-images"
        label="Images"
        hint={
          files.length === 0
            ? 'Upload images in Files to choose them here.'
            : `Tick up to ${GALLERY_MAX_IMAGES} images; they show in this order. Alt text says what an image shows (its file name is used when it is empty).`
        }
        error={errors.image}
        variant="group"
        className="gallery-images"
      >
        {() => (
          <ul className="image-picker">
            {ordered.map((f) => (
              <li key={f.id}>
                <label>
                  <input type="checkbox" name="image" value={f.id} defaultChecked={chosen.has(f.id)} />
                  <img src={f.url} alt="" width={64} height={64} loading="lazy" />
                  <span>{f.originalSize ? `${f.name} (${f.originalSize})` : f.name}</span>
                </label>
                <input
                  className="image-alt"
                  name={altName(f.id)}
                  aria-label={`Alt text for ${f.name}`}
                  placeholder="Alt text"
                  maxLength={GALLERY_ALT_MAX}
                  defaultValue={fields[altName(f.id)] ?? ''}
                />
              </li>
            ))}
          </ul>
        )}
      </FieldFrame>
      <fieldset className="gallery-options">
        <legend>Design</legend>
        <FieldFrame
          name="design"
          label="Design"
          hint="Slideshow always shows thumbnails; grid and stacked never show thumbnails and do not autoplay."
          error={errors.design}
        >
          {(control) => (
            <select {...control} name="design" value={design} onChange={(e) => setDesign(e.target.value)}>
              {GALLERY_DESIGNS.map((d) => (
                <option key={d} value={d}>
                  {DESIGN_LABELS[d as GalleryDesign]}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <SelectField
          name="aspect-ratio"
          label="Aspect ratio"
          options={Object.keys(ASPECT_RATIOS).map((k) => ({ value: k, label: RATIO_LABELS[k as keyof typeof ASPECT_RATIOS] }))}
          defaultValue={fields['aspect-ratio']}
          error={errors['aspect-ratio']}
        />
        <SelectField
          name="meta-position"
          label="Title position"
          options={META_POSITIONS.map((p) => ({ value: p, label: title(p) }))}
          defaultValue={fields['meta-position']}
          error={errors['meta-position']}
        />
        <SelectField
          name="active-alignment"
          label="Active slide alignment"
          options={ALIGNMENTS.map((p) => ({ value: p, label: title(p) }))}
          defaultValue={fields['active-alignment']}
          error={errors['active-alignment']}
        />
        <SelectField
          name="lightboxTheme"
          label="Lightbox theme"
          options={LIGHTBOX_THEMES.map((p) => ({ value: p, label: title(p) }))}
          defaultValue={fields.lightboxTheme}
          error={errors.lightboxTheme}
        />
      </fieldset>
      <fieldset className="gallery-options">
        <legend>Sizes and timing</legend>
        {(Object.keys(GALLERY_NUMBERS) as (keyof typeof GALLERY_NUMBERS)[]).map((k) => {
          const n = GALLERY_NUMBERS[k];
          return (
            <Field
              key={k}
              name={k}
              label={n.label}
              type="number"
              inputMode="numeric"
              min={n.min}
              max={n.max}
              step={1}
              defaultValue={fields[k] ?? String(n.default)}
              error={errors[k]}
              hint={`${n.min} to ${n.max}; ${n.default} by default.`}
            />
          );
        })}
      </fieldset>
      <fieldset className="gallery-options">
        <legend>Options</legend>
        {(Object.keys(GALLERY_SWITCHES) as GallerySwitch[]).map((k) => {
          const rule = live ? forced(design, k) : null;
          // A forced switch is shown as the rule sets it; the server applies the rule anyway.
          return (
            <FieldFrame
              key={k}
              name={k}
              label={GALLERY_SWITCHES[k].label}
              hint={rule !== null ? `Set by the ${DESIGN_LABELS[design as GalleryDesign]} design.` : null}
              variant="checkbox"
            >
              {(control) => (
                <input
                  {...control}
                  type="checkbox"
                  name={k}
                  key={`${k}-${rule}`}
                  defaultChecked={rule ?? fields[k] === 'on'}
                  disabled={rule !== null}
                />
              )}
            </FieldFrame>
          );
        })}
      </fieldset>
    </>
  );
}
