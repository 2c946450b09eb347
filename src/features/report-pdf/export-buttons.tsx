import type { BudgetActualReport } from '../../view-model/budget-actuals';
import './export.css';
import { useContext, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOnDemandNamespaces } from '../../i18n/app-i18n';
import { formatPercent } from '../../lib/format';
import { selectEvaluation } from '../../state/selectors';
import { useAppStoreApi, useMoneyFormat } from '../../state/store-context';
import { type AmountScale, defaultAmountScale } from '../../view-model/cash-table';
import { sharedAnalysisClient } from '../../workers/analysis-client';
import { AnalysisClientContext } from '../../workers/analysis-client-context';
import type { ReportFonts } from './font/report-fonts';
import type { WizardAnswers } from './report-document';
import type { ExportFormat } from './run-export';

export interface ExportButtonsProps {
  /** Makes the share link of the scenario at export time (the page address when not given). */
  getShareUrl?: () => string;
  /** The budget version open and its actual bills, for the PDF's "Budget vs actual" page. */
  getBudgetActual?: () => Promise<BudgetActualReport | null>;
  /** Reads the wizard's answers at export time (so the wizard need not load with the page). */
  getWizard?: () => Promise<WizardAnswers | null>;
  className?: string;
}

type Phase = { kind: 'idle' } | { kind: 'analyses'; fraction: number } | { kind: 'building' };

/**
 * "Export PDF" and "Export Excel": each opens a small dialog for the optional "Prepared by" and
 * "Notes", then builds the file from the same scenario, evaluation and formats as the dashboard, with
 * the Monte Carlo and tornado of this scenario (computed first when the dashboard has not yet), and
 * downloads it. The PDF and Excel code is loaded on demand; nothing is sent anywhere.
 */
export function ExportButtons({ getShareUrl, getWizard, getBudgetActual, className }: ExportButtonsProps) {
  const { t, i18n } = useTranslation(['report', 'export', 'common', 'charts']);
  // The scenario is read when the export starts, not subscribed to: a slider step must not redraw
  // the header's buttons and their dialog.
  const store = useAppStoreApi();
  const money = useMoneyFormat();
  const injected = useContext(AnalysisClientContext);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [format, setFormat] = useState<ExportFormat>('pdf');
  const [preparedBy, setPreparedBy] = useState('');
  const [notes, setNotes] = useState('');
  // Chinese tables default to 万 (the charts' scale); English to whole amounts.
  const [scale, setScale] = useState<AmountScale | null>(null);
  const amountScale: AmountScale = scale ?? defaultAmountScale(money.locale);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  // Set when the dialog opens for a PDF: the fonts are loaded then (the export needs them next) to
  // name, while the user types, the characters the PDF will show as □ — in the scenario (its name,
  // typed, saved or imported) or in the dialog's fields.
  const [fonts, setFonts] = useState<ReportFonts | null>(null);
  const [scenarioAtOpen, setScenarioAtOpen] = useState<unknown>(null);
  const titleId = useId();
  const preparedId = useId();
  const notesId = useId();
  const scaleId = useId();
  const busy = phase.kind !== 'idle';
  const unprintable = useMemo(
    () => (format === 'pdf' && fonts ? fonts.unprintableIn([scenarioAtOpen, preparedBy, notes]) : []),
    [format, fonts, scenarioAtOpen, preparedBy, notes],
  );

  const open = (next: ExportFormat) => {
    setFormat(next);
    setError(null);
    setScenarioAtOpen(store.getState().scenario);
    if (next === 'pdf' && !fonts) {
      // A failure here is reported by the export itself, which loads the same files.
      import('./font/report-fonts')
        .then(({ loadReportFonts }) => loadReportFonts())
        .then(setFonts)
        .catch(() => {});
    }
    const dialog = dialogRef.current;
    if (!dialog) return;
    // jsdom has no showModal; the open attribute shows it there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  };
  const close = () => {
    const dialog = dialogRef.current;
    if (dialog?.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  };

  const exportNow = async () => {
    close();
    setPhase({ kind: 'analyses', fraction: 0 });
    setError(null);
    try {
      const scenario = store.getState().scenario;
      const evaluation = selectEvaluation(scenario);
      // The report prints strings of sections the reader may never have drawn (sizing, analyses).
      const [{ runExport }, wizard, budgetActual] = await Promise.all([
        import('./run-export'),
        getWizard ? getWizard() : Promise.resolve(null),
        getBudgetActual ? getBudgetActual() : Promise.resolve(null),
        loadOnDemandNamespaces(i18n),
      ]);
      await runExport({
        format,
        scenario,
        evaluation,
        money,
        shareUrl: getShareUrl ? getShareUrl() : window.location.href,
        wizard,
        budgetActual,
        preparedBy,
        notes,
        scale: amountScale,
        t,
        client: injected ?? sharedAnalysisClient(),
        onProgress: (fraction) => setPhase({ kind: 'analyses', fraction }),
        onBuilding: () => setPhase({ kind: 'building' }),
      });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setError(format === 'pdf' ? t('report:error', { message }) : t('export:excelError', { message }));
    } finally {
      setPhase({ kind: 'idle' });
    }
  };

  const status =
    phase.kind === 'analyses'
      ? t('export:progress.analyses', { percent: formatPercent(phase.fraction, money.locale, 0) })
      : phase.kind === 'building'
        ? t('export:progress.building')
        : '';

  return (
    <span className="export-pdf">
      <button
        type="button"
        className={className}
        onClick={() => open('pdf')}
        disabled={busy}
        aria-busy={busy && format === 'pdf'}
        data-testid="export-pdf"
      >
        {t('report:button')}
      </button>
      <button
        type="button"
        className={className}
        onClick={() => open('xlsx')}
        disabled={busy}
        aria-busy={busy && format === 'xlsx'}
        data-testid="export-excel"
      >
        {t('export:excelButton')}
      </button>
      {/* The buttons keep their names while busy; the progress is announced separately. */}
      <span role="status" className="export-pdf__status">
        {status}
      </span>
      {error ? (
        <span role="alert" className="field-error">
          {error}
        </span>
      ) : null}
      <dialog ref={dialogRef} className="export-dialog" aria-labelledby={titleId}>
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            void exportNow();
          }}
        >
          <h2 id={titleId} className="export-dialog__title">
            {t(format === 'pdf' ? 'export:dialog.titlePdf' : 'export:dialog.titleExcel')}
          </h2>
          <p className="export-dialog__intro">
            {t(format === 'pdf' ? 'export:dialog.intro' : 'export:dialog.introExcel')}
          </p>
          <label htmlFor={preparedId}>{t('export:dialog.preparedBy')}</label>
          <input
            id={preparedId}
            type="text"
            value={preparedBy}
            maxLength={120}
            autoComplete="name"
            onChange={(e) => setPreparedBy(e.target.value)}
          />
          <label htmlFor={notesId}>{t('export:dialog.notes')}</label>
          <textarea
            id={notesId}
            value={notes}
            maxLength={1000}
            rows={3}
            onChange={(e) => setNotes(e.target.value)}
          />
          {/* Kept in the page while empty so a screen reader announces the list when it appears. */}
          <p role="status" className="export-dialog__unprintable" data-testid="export-unprintable">
            {unprintable.length > 0
              ? t('export:dialog.unprintable', { characters: unprintable.join(' ') })
              : ''}
          </p>
          <label htmlFor={scaleId}>{t('export:dialog.scale')}</label>
          <select
            id={scaleId}
            value={amountScale}
            onChange={(e) => setScale(e.target.value === 'large' ? 'large' : 'unit')}
          >
            <option value="unit">{t('export:dialog.scaleUnit')}</option>
            <option value="large">{t('export:dialog.scaleLarge')}</option>
          </select>
          <div className="export-dialog__actions">
            <button type="button" className="button" onClick={close}>
              {t('export:dialog.cancel')}
            </button>
            <button type="submit" className="button button--primary">
              {t(format === 'pdf' ? 'export:dialog.downloadPdf' : 'export:dialog.downloadExcel')}
            </button>
          </div>
        </form>
      </dialog>
    </span>
  );
}
