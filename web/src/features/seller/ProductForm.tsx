import type { ImageInput } from '@vastra/contracts';
import { CATALOG_LIMITS, TEXT_LIMITS } from '@vastra/contracts/constants';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { SelectField, TextAreaField, TextField } from '../../components/fields.tsx';
import { fieldErrorsOf, useFieldErrors } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { CATEGORY_OPTIONS, subCategoriesOf } from './categories.ts';
import { PhotoGallery } from './PhotoGallery.tsx';
import { overallProgress, type Photo, uploadPhotos } from './photos.ts';
import {
  canSubmit,
  fieldErrors,
  hsnAfter,
  type ProductDraft,
  type ProductFormValues,
  usesGrid,
} from './product-form.ts';
import { SizeChartEditor } from './SizeChartEditor.tsx';
import { VariantGrid } from './VariantGrid.tsx';
import { fitSizes, type GridState, toVariants } from './variant-grid.ts';

/** A number input for rupees (2 decimals) or for whole pieces. */
const RUPEES = { type: 'number', inputMode: 'decimal', min: 0, step: '0.01' } as const;
const PIECES = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;

/** The fields the server may name in a refusal (`imageUrl` is the photo input). */
const SERVER_FIELDS = [
  'productName',
  'price',
  'markPrice',
  'stockQuantity',
  'category',
  'subCategory',
  'color',
  'brand',
  'description',
  'hsn',
  'imageUrl',
] as const;

/**
 * A refusal's message; one about a row of the grid (`variants.3.mrp`) says which size it means, as
 * the index alone would not tell the seller.
 */
function messageOf(err: unknown, grid: GridState): string {
  const [path, msg] = Object.entries(fieldErrorsOf(err))[0] ?? [];
  const at = path && /^variants\.(\d+)\./.exec(path);
  const row = at ? toVariants(grid)[Number(at[1])] : undefined;
  if (!row || !msg) return (err as Error).message;
  return `${[row.size, row.color].filter(Boolean).join(' / ')}: ${msg}`;
}

/**
 * The add/edit product form: every product field, category → matching sub-categories and their
 * HSN code, a description, the size grid (or one price and stock), a size chart and the photo gallery. Chosen
 * photos upload on save with progress; `onSave` gets the draft and the gallery as the request sends
 * it. The server's field errors show beside their fields (focus moves to the first); any other
 * rejection shows its message above the form and goes to `onFailed`.
 */
export function ProductForm({
  initial,
  imageRequired,
  submitLabel,
  onSave,
  onFailed,
  resetAfterSave = false,
}: {
  initial: ProductDraft;
  imageRequired: boolean;
  submitLabel: string;
  onSave: (draft: ProductDraft, images: ImageInput[]) => Promise<void>;
  onFailed: (err: Error) => void;
  resetAfterSave?: boolean;
}) {
  const i18n = useI18n();
  const [values, setValues] = useState(initial.values);
  const [grid, setGrid] = useState(initial.grid);
  const [chart, setChart] = useState(initial.chart);
  const [photos, setPhotos] = useState<Photo[]>(initial.photos);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const server = useFieldErrors(SERVER_FIELDS);

  // Object URLs hold the files in memory until revoked: free them when the form goes.
  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(
    () => () => {
      for (const p of photosRef.current) if (p.preview) URL.revokeObjectURL(p.preview);
    },
    [],
  );

  const sized = usesGrid(grid);
  const errors = { ...fieldErrors(values, grid), ...server.errors };
  const ready = canSubmit(values, photos.length, grid, chart) && !busy;
  const set = (k: keyof ProductFormValues) => (v: string) => {
    server.clear(k);
    const next = { ...values, [k]: v };
    // A new category invalidates the chosen sub-category.
    if (k === 'category' && !subCategoriesOf(v).some((s) => s.value === values.subCategory))
      next.subCategory = '';
    // Sizes the new sub-category does not offer are unticked; its usual HSN code comes with it.
    if (k === 'category' || k === 'subCategory') {
      setGrid((g) => fitSizes(g, next.subCategory));
      next.hsn = hsnAfter(values.hsn, values.subCategory, next.subCategory);
      server.clear('hsn');
    }
    setValues(next);
  };
  /** The value and change handler of one field. */
  const bind = (k: keyof ProductFormValues) => ({
    value: values[k],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      set(k)(e.target.value),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError('');
    server.show({});
    try {
      let latest = photos;
      const images = await uploadPhotos(photos, (key, change) => {
        latest = latest.map((p) => (p.key === key ? { ...p, ...change } : p));
        setPhotos(latest);
        setProgress(overallProgress(latest));
      });
      await onSave({ values, grid, chart, photos: latest }, images);
      if (resetAfterSave) {
        setValues(initial.values);
        setGrid(initial.grid);
        setChart(initial.chart);
        setPhotos(initial.photos);
      }
    } catch (err) {
      if (!server.fromError(err)) {
        setError(messageOf(err, grid));
        onFailed(err as Error);
      }
    } finally {
      setBusy(false);
    }
  };

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
          label={i18n._('Product Name')}
          maxLength={TEXT_LIMITS.productName.max}
          error={errors.productName}
          {...bind('productName')}
        />
        <TextField id="brand" label={i18n._('Brand')} optional error={errors.brand} {...bind('brand')} />
        <SelectField
          id="category"
          label={i18n._('Category')}
          placeholder={i18n._('Choose a category')}
          options={CATEGORY_OPTIONS}
          error={errors.category}
          {...bind('category')}
        />
        <SelectField
          id="subCategory"
          label={i18n._('Sub-category')}
          placeholder={values.category ? i18n._('Choose a type') : i18n._('Choose a category first')}
          options={subCategoriesOf(values.category)}
          disabled={!values.category}
          error={errors.subCategory}
          {...bind('subCategory')}
        />
        <TextField
          id="hsn"
          label={i18n._('HSN code')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          hint={i18n._('4–8 digits; it sets the GST rate. Filled in for the sub-category.')}
          error={errors.hsn}
          {...bind('hsn')}
        />
        <TextField id="color" label={i18n._('Color')} optional error={errors.color} {...bind('color')} />
        <TextAreaField
          id="description"
          label={i18n._('Description')}
          optional
          wide
          rows={5}
          maxLength={CATALOG_LIMITS.description}
          hint={`${values.description.length.toLocaleString('en-IN')} / ${CATALOG_LIMITS.description.toLocaleString('en-IN')} characters. Fabric, fit, care: what a shopper should know.`}
          error={errors.description}
          {...bind('description')}
        />
      </div>
      <VariantGrid grid={grid} subCategory={values.subCategory} onChange={setGrid} />
      {!sized && (
        <div className="form-grid">
          <TextField
            id="price"
            label={i18n._('Price (Rs.)')}
            error={errors.price}
            {...RUPEES}
            {...bind('price')}
          />
          <TextField
            id="markPrice"
            label={i18n._('Marked price (Rs.)')}
            error={errors.markPrice}
            optional
            {...RUPEES}
            {...bind('markPrice')}
          />
          <TextField
            id="stockQuantity"
            label={i18n._('Stock Quantity')}
            error={errors.stockQuantity}
            {...PIECES}
            {...bind('stockQuantity')}
          />
        </div>
      )}
      {sized && <SizeChartEditor chart={chart} sizes={grid.sizes} onChange={setChart} />}
      <PhotoGallery
        photos={photos}
        label={imageRequired ? i18n._('Product Image') : i18n._('Add photos')}
        error={server.errors.imageUrl}
        onChange={(next) => {
          server.clear('imageUrl');
          setPhotos(next);
        }}
      />
      {progress !== null && (
        <div className="upload-progress">
          <progress max={100} value={progress} aria-label={i18n._('Image upload progress')} />
          <output aria-live="polite" data-testid="upload-percent">
            {progress}%
          </output>
        </div>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={!ready}>
        {busy
          ? progress !== null && progress < 100
            ? `Uploading… ${progress}%`
            : i18n._('Saving…')
          : submitLabel}
      </button>
    </form>
  );
}
