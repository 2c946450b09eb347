import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEvaluation } from '../../state/selectors';
import { useAppStore, useMoneyFormat } from '../../state/store-context';
import type { WizardAnswers } from './report-model';
import { revealChartsForExport } from './reveal-charts';

export interface ExportPdfButtonProps {
  /** The share link of the scenario (the page address when not given). */
  shareUrl?: string;
  /**
   * Makes the share link at export time (preferred over `shareUrl`: encoding the scenario on every
   * slider step would cost the step's frame for a link only the PDF needs).
   */
  getShareUrl?: () => string;
  /** The wizard's answers, when the wizard has been completed. */
  wizard?: WizardAnswers | null;
  /** Reads the wizard's answers at export time (so the wizard need not load with the page). */
  getWizard?: () => Promise<WizardAnswers | null>;
  className?: string;
}

/**
 * "Export PDF": builds the report from the same scenario, evaluation and formats as the dashboard,
 * then loads the PDF generator (jsPDF, svg2pdf, the font subset) on demand and downloads the file.
 * Nothing is sent anywhere; the PDF is made in the browser.
 */
export function ExportPdfButton({
  shareUrl,
  getShareUrl,
  wizard = null,
  getWizard,
  className,
}: ExportPdfButtonProps) {
  const { t } = useTranslation(['report', 'common', 'charts']);
  const scenario = useAppStore((s) => s.scenario);
  const evaluation = useEvaluation(scenario);
  const money = useMoneyFormat();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onClick = async () => {
    setBusy(true);
    setError(null);
    let hideCharts = () => {};
    try {
      // Separate chunks: the first page load carries none of the report code, PDF library or font.
      const [{ buildReport }, { exportReportPdf }, answers, undo] = await Promise.all([
        import('./report-model'),
        import('./export-pdf'),
        getWizard ? getWizard() : Promise.resolve(wizard),
        // The charts are drawn into the PDF from the page: make sure they are rendered and laid out.
        revealChartsForExport(),
      ]);
      hideCharts = undo;
      const report = buildReport({
        scenario,
        evaluation,
        locale: money.locale,
        money,
        shareUrl: getShareUrl?.() ?? shareUrl ?? window.location.href,
        generatedAt: new Date(),
        wizard: answers,
        t,
      });
      await exportReportPdf(report);
    } catch (e) {
      setError(t('report:error', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      hideCharts();
      setBusy(false);
    }
  };

  return (
    <span className="export-pdf">
      <button
        type="button"
        className={className}
        onClick={onClick}
        disabled={busy}
        aria-busy={busy}
        data-testid="export-pdf"
      >
        {t('report:button')}
      </button>
      {/* The button keeps its name while busy; the progress is announced separately. */}
      <span role="status" className="export-pdf__status">
        {busy ? t('report:busy') : ''}
      </span>
      {error ? (
        <span role="alert" className="field-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
