// The fields of the image, video and audio blocks: a file chosen from the site's files (a select,
// listing the files of the block's kind), plus alt text, caption and link for an image, a web
// address as the other source of a video (YouTube and Vimeo play in place), its overlay, and a title.
import { CheckboxField, Field, SelectField } from './Field.js';
import type { PickableFile } from './GalleryOptionsPanel.js';

interface Props {
  type: 'image' | 'video' | 'audio';
  fields: Record<string, string>;
  errors: Record<string, string>;
  files: PickableFile[];
  /** The site's images: a video's overlay picks one. */
  images?: PickableFile[];
}

const NONE: Record<Props['type'], string> = {
  image: 'Choose an image',
  video: 'No file (use the web address)',
  audio: 'Choose an audio file',
};
const KIND: Record<Props['type'], string> = { image: 'images', video: 'videos (MP4)', audio: 'audio files (MP3, M4A)' };

export function MediaBlockFields({ type, fields, errors, files, images = [] }: Props) {
  const current = fields.fileId ?? '';
  const options = [
    { value: '', label: NONE[type] },
    ...(current && !files.some((f) => f.id === current) ? [{ value: current, label: 'A file that is no longer there' }] : []),
    ...files.map((f) => ({ value: f.id, label: f.originalSize ? `${f.name} (${f.originalSize})` : f.name })),
  ];
  return (
    <>
      <SelectField
        name="fileId"
        label={type === 'image' ? 'Image' : type === 'video' ? 'Video file' : 'Audio file'}
        options={options}
        defaultValue={current}
        error={errors.fileId}
        hint={files.length === 0 ? `Upload ${KIND[type]} in Files to choose one here.` : undefined}
      />
      {type === 'video' ? (
        <Field
          name="url"
          label="Or the video’s web address"
          type="url"
          maxLength={2000}
          defaultValue={fields.url ?? ''}
          error={errors.url}
          hint="A YouTube or Vimeo address plays on the page once the visitor clicks (nothing of theirs loads before); any other is a link. Used when no file is chosen."
        />
      ) : null}
      {type === 'video' ? (
        <>
          <CheckboxField
            name="overlay"
            label="Show an image over the video until it is played"
            defaultChecked={fields.overlay === 'on'}
            error={errors.overlay}
          />
          <SelectField
            name="thumbnailFileId"
            label="Overlay image"
            options={[
              { value: '', label: 'Choose an image' },
              ...(fields.thumbnailFileId && !images.some((f) => f.id === fields.thumbnailFileId)
                ? [{ value: fields.thumbnailFileId, label: 'A file that is no longer there' }]
                : []),
              ...images.map((f) => ({ value: f.id, label: f.name })),
            ]}
            defaultValue={fields.thumbnailFileId ?? ''}
            error={errors.thumbnailFileId}
            hint={images.length === 0 ? 'Upload images in Files to choose one here.' : undefined}
          />
        </>
      ) : null}
      {type === 'image' ? (
        <>
          <Field
            name="altText"
            label="Alt text"
            maxLength={250}
            defaultValue={fields.altText ?? ''}
            error={errors.altText}
            hint="What the image shows, for people who cannot see it. Leave empty for a decorative image."
          />
          <Field name="caption" label="Caption" maxLength={500} defaultValue={fields.caption ?? ''} error={errors.caption} />
          <Field
            name="link"
            label="Link"
            maxLength={2000}
            defaultValue={fields.link ?? ''}
            error={errors.link}
            hint="Optional: a web address (https://…) or a page of this site (/about)."
          />
        </>
      ) : (
        <Field name="title" label="Title" maxLength={200} defaultValue={fields.title ?? ''} error={errors.title} />
      )}
      {type === 'video' ? (
        <Field name="caption" label="Caption" maxLength={500} defaultValue={fields.caption ?? ''} error={errors.caption} />
      ) : null}
    </>
  );
}
