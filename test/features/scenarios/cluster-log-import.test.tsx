// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { useClusterLogImportParts } from '../../../src/features/scenarios/cluster-log-import';
import type { ViewMessage } from '../../../src/features/scenarios/saved-list';
import { parseClusterLog } from '../../../src/scenario/cluster-log';
import { defaultClusterGpus, measuredUsage } from '../../../src/scenario/cluster-log-usage';
import type { ClusterLogFileReader } from '../../../src/workers/cluster-log-client';
import { readClusterLogBlob } from '../../../src/workers/cluster-log-handler';
import { renderWithStore } from '../../render-with-store';
import { nvidiaSmiText, type SyntheticJob, sacctText } from '../../scenario/cluster-log-generator';

/** The worker's own reading code, run in the test's thread instead of a worker. */
const inThread: ClusterLogFileReader = (file, onProgress) => ({
  result: readClusterLogBlob(file, onProgress),
  cancel: () => {},
});

function Harness({ onMessage }: { onMessage: (m: ViewMessage) => void }) {
  const { field, panel } = useClusterLogImportParts({ onMessage, readFile: inThread });
  return (
    <>
      {field}
      {panel}
    </>
  );
}

const jobs: SyntheticJob[] = Array.from({ length: 30 }, (_, w) => ({
  startHour: w * 168 + 5,
  hours: 80 + w,
  gpus: 8 * (1 + (w % 3)),
}));
const sacct = sacctText(jobs);

function setup(locale: 'en' | 'zh-CN' = 'en') {
  const messages: ViewMessage[] = [];
  const view = renderWithStore(<Harness onMessage={(m) => messages.push(m)} />, { locale });
  return { ...view, messages };
}

describe('Import cluster logs', () => {
  it('previews a Slurm file without changing the scenario, and Cancel leaves it exactly as it was', async () => {
    const { store, user } = setup();
    const before = store.getState().scenario;
    await user.upload(screen.getByLabelText('Import cluster logs'), new File([sacct], 'sacct.txt'));
    await screen.findByRole('heading', { name: 'Measured usage from sacct.txt' });
    const parsed = parseClusterLog(sacct);
    if (!parsed.ok) throw new Error('the generated file must read');
    const usage = measuredUsage(
      parsed.summary,
      defaultClusterGpus(parsed.summary, before.selfBuild.gpusPerServer),
    );
    expect(screen.getByTestId('logs-weeks')).toHaveTextContent(String(usage.weeks));
    expect(screen.getByTestId('logs-efficiency')).toHaveTextContent(
      `${(usage.efficiency * 100).toFixed(1)}%`,
    );
    expect(store.getState().scenario).toBe(before);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: /Measured usage/ })).toBeNull();
    expect(store.getState().scenario).toBe(before);
  });

  it('Apply sets the measured efficiency and the weekly curve in one undo step', async () => {
    const { store, user, messages } = setup();
    const before = store.getState().scenario;
    await user.upload(screen.getByLabelText('Import cluster logs'), new File([sacct], 'sacct.txt'));
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    const after = store.getState().scenario;
    expect(after.measured.selfBuild).toMatchObject({
      origin: 'schedulerLog',
      label: expect.stringMatching(/^sacct\.txt · /),
    });
    expect(after.demand.mode).toBe('weekly');
    expect(messages.at(-1)).toMatchObject({
      kind: 'ok',
      text: expect.stringMatching(/^Applied the measured utilization/),
    });
    store.getState().undo();
    expect(store.getState().scenario).toEqual(before);
  });

  it('a cluster size below the peak allocation is refused and Apply is off until it is fixed', async () => {
    const { user } = setup();
    await user.upload(screen.getByLabelText('Import cluster logs'), new File([sacct], 'sacct.txt'));
    const size = await screen.findByLabelText('Cluster size (GPUs)');
    await user.clear(size);
    await user.type(size, '3');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(screen.getByText(/^Enter a whole number of GPUs from 24 to/)).toBeInTheDocument();
  });

  it('a log too short for a curve applies the efficiency only and says so', async () => {
    const { store, user } = setup();
    const before = store.getState().scenario;
    const week = { startHour: 0, utilization: Array.from({ length: 168 }, (_, h) => [h % 100, 40]) };
    await user.upload(
      screen.getByLabelText('Import cluster logs'),
      new File([nvidiaSmiText(week)], 'smi.csv'),
    );
    expect(await screen.findByTestId('logs-too-few-weeks')).toHaveTextContent(
      /^Weeks covered: 1, fewer than the 26/,
    );
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const after = store.getState().scenario;
    expect(after.measured.selfBuild?.origin).toBe('telemetry');
    expect(after.demand).toBe(before.demand);
    expect(after.name).toBe(before.name);
  });

  it('a bad line is named with its line and column, and nothing changes', async () => {
    const { store, user } = setup();
    const before = store.getState().scenario;
    const bad = sacct.replace('gres/gpu=8,', 'gres/gpu=x,');
    await user.upload(screen.getByLabelText('Import cluster logs'), new File([bad], 'bad.txt'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Line 2, column “AllocTRES”: “gres/gpu=x” is not a count of GPUs.');
    expect(alert).toHaveTextContent('Your current scenario is unchanged.');
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(store.getState().scenario).toBe(before);
  });

  it('an empty file gets a clear message', async () => {
    const { user } = setup();
    await user.upload(screen.getByLabelText('Import cluster logs'), new File([''], 'empty.txt'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is empty.');
  });

  it('is “导入集群日志” in Chinese, with the preview in Chinese', async () => {
    const { user } = setup('zh-CN');
    await user.upload(screen.getByLabelText('导入集群日志'), new File([sacct], 'sacct.txt'));
    await screen.findByRole('heading', { name: 'sacct.txt 中的实测用量' });
    expect(screen.getByTestId('logs-format')).toHaveTextContent('Slurm 作业记账（sacct）');
    await waitFor(() => expect(screen.getByRole('button', { name: '应用' })).toBeEnabled());
  });
});
