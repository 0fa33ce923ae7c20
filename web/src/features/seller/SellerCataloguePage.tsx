import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueImportAnswer } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { Link } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { downloadCsv, uploadCatalogue } from './centre-api.ts';
import { SellerOnly } from './session.tsx';
import './seller.css';
import './centre.css';

/**
 * /seller-catalogue: bulk catalogue upload. Download the template, fill one row per size/colour,
 * choose the CSV (and a ZIP of the photos it names), check it (a dry run: nothing is written, every
 * problem is listed by row and column), then import it: all products or none.
 */
export default function SellerCataloguePage() {
  return (
    <SellerOnly>
      <SellerCatalogue />
    </SellerOnly>
  );
}

type Stage = 'idle' | 'uploading' | 'checking';

function SellerCatalogue() {
  const i18n = useI18n();
  const qc = useQueryClient();
  const [csv, setCsv] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>('idle');
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<CatalogueImportAnswer | null>(null);
  const download = useMutation({
    mutationFn: downloadCsv,
    onSuccess: (name) => toast.success(`${i18n._('Saved as')} ${name}`),
    onError: (err) => toast.error(err.message),
  });

  const send = async (dryRun: boolean) => {
    if (!csv) {
      toast.error(i18n._('Choose the catalogue CSV first'));
      return;
    }
    setStage('uploading');
    setProgress(0);
    try {
      const answer = await uploadCatalogue(csv, photos, dryRun, (p) => {
        setProgress(p);
        if (p >= 100) setStage('checking');
      });
      setResult(answer);
      if (!dryRun && answer.ok) {
        toast.success(`${i18n._('Imported')} ${answer.products} ${i18n._('products')}`);
        void qc.invalidateQueries({ queryKey: ['seller'] });
      }
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setStage('idle');
    }
  };

  const busy = stage !== 'idle';
  const checked = result?.dryRun && result.ok;
  return (
    <section className="page seller-page catalogue-page">
      <div className="page-head">
        <h1>{i18n._('Bulk upload')}</h1>
        <div className="dashboard-links">
          <button type="button" className="btn btn-sm" onClick={() => download.mutate('template')}>
            {i18n._('Download CSV template')}
          </button>
          <button type="button" className="btn btn-sm" onClick={() => download.mutate('catalogue')}>
            {i18n._('Export catalogue (CSV)')}
          </button>
        </div>
      </div>
      <div className="import-steps">
        <form
          className="card dashboard-card import-files"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            void send(true);
          }}
        >
          <p className="muted">
            {i18n._(
              'One row per size and colour; rows with the same handle make one product. Name the photos in the photos column (file names in the ZIP, separated by |).',
            )}
          </p>
          <div className="field">
            <label htmlFor="catalogue-csv">{i18n._('Catalogue CSV')}</label>
            <input
              id="catalogue-csv"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => {
                setCsv(e.target.files?.[0] ?? null);
                setResult(null);
              }}
            />
          </div>
          <div className="field">
            <label htmlFor="catalogue-photos">
              {i18n._('Photos ZIP')} <span className="muted">{i18n._('(optional)')}</span>
            </label>
            <input
              id="catalogue-photos"
              type="file"
              accept=".zip,application/zip"
              onChange={(e) => {
                setPhotos(e.target.files?.[0] ?? null);
                setResult(null);
              }}
            />
          </div>
          <div className="shipment-actions">
            <button type="submit" className="btn btn-primary" disabled={busy || !csv}>
              {i18n._('Check file')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={busy || !checked}
              onClick={() => void send(false)}
            >
              {i18n._('Import')}
            </button>
          </div>
          {busy && (
            <div role="status" aria-live="polite">
              <progress className="progress" max={100} value={stage === 'checking' ? undefined : progress} />
              <p className="muted small">
                {stage === 'uploading'
                  ? `${i18n._('Uploading')} ${progress}%`
                  : i18n._('Checking every row… large files take a few seconds')}
              </p>
            </div>
          )}
        </form>
        {result && <ImportResult result={result} />}
      </div>
    </section>
  );
}

function ImportResult({ result }: { result: CatalogueImportAnswer }) {
  const i18n = useI18n();
  if (result.ok)
    return (
      <section className="card dashboard-card" role="status" data-testid="import-result">
        <h2>{result.dryRun ? i18n._('Ready to import') : i18n._('Imported')}</h2>
        <p>
          {result.rows} {i18n._('rows')} · {result.products} {i18n._('products')}
          {result.dryRun ? ` · ${i18n._('nothing written yet: press Import')}` : ''}
        </p>
        {!result.dryRun && <Link to="/seller-allProducts">{i18n._('See your products')}</Link>}
      </section>
    );
  return (
    <section className="card dashboard-card" data-testid="import-result">
      <h2>{`${result.errors.length} ${i18n._('problems to fix')}`}</h2>
      <p className="muted">
        {result.dryRun
          ? i18n._('Nothing was written. Fix these rows in the file and check it again.')
          : i18n._('Nothing was imported. Fix these rows in the file and check it again.')}
      </p>
      <div className="table-wrap">
        <table className="data-table import-errors">
          <thead>
            <tr>
              <th scope="col">{i18n._('Row')}</th>
              <th scope="col">{i18n._('Column')}</th>
              <th scope="col">{i18n._('Problem')}</th>
            </tr>
          </thead>
          <tbody>
            {result.errors.map((e) => (
              <tr key={`${e.row}-${e.field}-${e.msg}`}>
                <td data-label={i18n._('Row')}>{e.row}</td>
                <td data-label={i18n._('Column')} className="mono">
                  {e.field}
                </td>
                <td data-label={i18n._('Problem')}>{e.msg}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
