import { IMAGE_MAX_BYTES, TEXT_LIMITS } from '@vastra/contracts/constants';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { SelectField, TextField } from '../../components/fields.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { CATEGORY_OPTIONS, subCategoriesOf } from './categories.ts';
import { canSubmit, fieldErrors, IMAGE_MAX_MB, type ProductFormValues } from './product-form.ts';
import { uploadImage } from './upload.ts';

/** A number input for rupees (2 decimals) or for whole pieces. */
const RUPEES = { type: 'number', inputMode: 'decimal', min: 0, step: '0.01' } as const;
const PIECES = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;

/** The fields the server may name in a refusal (`imageUrl` is the image input). */
const SERVER_FIELDS = [
  'productName',
  'price',
  'markPrice',
  'stockQuantity',
  'category',
  'subCategory',
  'color',
  'brand',
  'imageUrl',
] as const;

export interface UploadedImage {
  imageUrl: string;
  public_id: string;
}

/**
 * The add/edit product form: every product field, category → matching sub-categories, an image
 * with preview and upload progress in percent. `onSave` gets the values and the uploaded image
 * (null when editing without a new one). The server's field errors show beside their fields (focus
 * moves to the first); any other rejection shows its message above the form and goes to `onFailed`.
 */
export function ProductForm({
  initial,
  currentImage,
  imageRequired,
  submitLabel,
  onSave,
  onFailed,
  resetAfterSave = false,
}: {
  initial: ProductFormValues;
  currentImage?: string;
  imageRequired: boolean;
  submitLabel: string;
  onSave: (values: ProductFormValues, image: UploadedImage | null) => Promise<void>;
  onFailed: (err: Error) => void;
  resetAfterSave?: boolean;
}) {
  const [values, setValues] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fileKey, setFileKey] = useState(0);
  const server = useFieldErrors(SERVER_FIELDS);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const errors = { ...fieldErrors(values), ...server.errors };
  const ready = canSubmit(values, !!file, imageRequired) && !busy;
  const set = (k: keyof ProductFormValues) => (v: string) => {
    server.clear(k);
    return setValues((cur) => {
      const next = { ...cur, [k]: v };
      // A new category invalidates the chosen sub-category.
      if (k === 'category' && !subCategoriesOf(v).some((s) => s.value === cur.subCategory))
        next.subCategory = '';
      return next;
    });
  };
  /** The value and change handler of one field. */
  const bind = (k: keyof ProductFormValues) => ({
    value: values[k],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(k)(e.target.value),
  });

  const pickFile = (f: File | null) => {
    setError('');
    setProgress(null);
    if (f && f.size > IMAGE_MAX_BYTES) {
      setError(`The image must be at most ${IMAGE_MAX_MB} MB`);
      f = null;
      setFileKey((k) => k + 1);
    }
    setFile(f);
    setPreview(f ? URL.createObjectURL(f) : null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError('');
    server.show({});
    try {
      let image: UploadedImage | null = null;
      if (file) {
        setProgress(0);
        const up = await uploadImage(file, setProgress);
        image = { imageUrl: up.secure_url, public_id: up.public_id };
      }
      await onSave(values, image);
      if (resetAfterSave) {
        setValues(initial);
        setFile(null);
        setPreview(null);
        setFileKey((k) => k + 1);
      }
    } catch (err) {
      if (!server.fromError(err)) {
        setError((err as Error).message);
        onFailed(err as Error);
      }
    } finally {
      setBusy(false);
    }
  };

  const shownImage = preview ?? currentImage;
  return (
    <form
      ref={server.formRef}
      className="card form product-form"
      onSubmit={submit}
      noValidate
      aria-busy={busy}
    >
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-grid">
        <TextField
          id="productName"
          label="Product Name"
          maxLength={TEXT_LIMITS.productName.max}
          error={errors.productName}
          {...bind('productName')}
        />
        <TextField id="brand" label="Brand" optional error={errors.brand} {...bind('brand')} />
        <SelectField
          id="category"
          label="Category"
          placeholder="Choose a category"
          options={CATEGORY_OPTIONS}
          error={errors.category}
          {...bind('category')}
        />
        <SelectField
          id="subCategory"
          label="Sub-category"
          placeholder={values.category ? 'Choose a type' : 'Choose a category first'}
          options={subCategoriesOf(values.category)}
          disabled={!values.category}
          error={errors.subCategory}
          {...bind('subCategory')}
        />
        <TextField id="price" label="Price (Rs.)" error={errors.price} {...RUPEES} {...bind('price')} />
        <TextField
          id="markPrice"
          label="Marked price (Rs.)"
          error={errors.markPrice}
          optional
          {...RUPEES}
          {...bind('markPrice')}
        />
        <TextField
          id="stockQuantity"
          label="Stock Quantity"
          error={errors.stockQuantity}
          {...PIECES}
          {...bind('stockQuantity')}
        />
        <TextField id="color" label="Color" optional error={errors.color} {...bind('color')} />
      </div>
      <div className="product-image-row">
        <div className="field">
          <label htmlFor="image">{imageRequired ? 'Product Image' : 'New image (optional)'}</label>
          <input
            key={fileKey}
            id="image"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            onChange={(e) => {
              server.clear('imageUrl');
              pickFile(e.target.files?.[0] ?? null);
            }}
            aria-invalid={server.errors.imageUrl ? true : undefined}
            aria-describedby={server.errors.imageUrl ? 'image-hint image-err' : 'image-hint'}
          />
          <span id="image-hint" className="muted field-hint">
            JPEG, PNG or WebP, up to {IMAGE_MAX_MB} MB.
            {!imageRequired && ' Without a new image the current one stays.'}
          </span>
          {server.errors.imageUrl && (
            <span id="image-err" className="field-error">
              {server.errors.imageUrl}
            </span>
          )}
          {progress !== null && (
            <div className="upload-progress">
              <progress max={100} value={progress} aria-label="Image upload progress" />
              <output aria-live="polite" data-testid="upload-percent">
                {progress}%
              </output>
            </div>
          )}
        </div>
        {shownImage && (
          <figure className="product-preview">
            <img src={shownImage} alt={preview ? 'Preview of the chosen image' : 'Current product image'} />
            <figcaption className="muted">{preview ? 'Preview' : 'Current image'}</figcaption>
          </figure>
        )}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={!ready}>
        {busy ? (progress !== null && progress < 100 ? `Uploading… ${progress}%` : 'Saving…') : submitLabel}
      </button>
    </form>
  );
}
