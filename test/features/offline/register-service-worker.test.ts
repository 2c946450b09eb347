import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '../../../src/features/offline/register-service-worker';
import { createUpdateSignal } from '../../../src/features/offline/update-signal';

/** A service worker and its registration, as far as the registration code uses them. */
class FakeWorker extends EventTarget {
  state = 'installing';
  posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function setUp({ controlled, waiting }: { controlled: boolean; waiting?: FakeWorker }) {
  const registration = Object.assign(new EventTarget(), {
    waiting: waiting ?? null,
    installing: null as FakeWorker | null,
    update: vi.fn(() => Promise.resolve()),
  });
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker() : null,
    register: vi.fn(() => Promise.resolve(registration)),
  });
  const reload = vi.fn();
  let visible: () => void = () => {};
  const signal = createUpdateSignal();
  const started = registerServiceWorker('./sw.js', signal, {
    container: container as unknown as ServiceWorkerContainer,
    reload,
    onVisible: (listener) => {
      visible = listener;
    },
  });
  const install = (worker: FakeWorker) => {
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
  };
  return { started, signal, container, registration, reload, install, show: () => visible() };
}

describe('registerServiceWorker', () => {
  it('registers the worker at the given address (relative to the page)', async () => {
    const { started, container } = setUp({ controlled: false });
    await started;
    expect(container.register).toHaveBeenCalledWith('./sw.js');
  });

  it('offers nothing on a first install: there is no older version to replace', async () => {
    const { started, signal, install } = setUp({ controlled: false });
    await started;
    const worker = new FakeWorker();
    install(worker);
    worker.become('installed');
    expect(signal.current()).toBeNull();
  });

  it('offers an update when a new version has installed while an older one controls the page', async () => {
    const { started, signal, install } = setUp({ controlled: true });
    await started;
    const worker = new FakeWorker();
    install(worker);
    expect(signal.current()).toBeNull();
    worker.become('installed');
    expect(signal.current()).toBeTypeOf('function');
  });

  it('offers a version already waiting when the page opens', async () => {
    const { started, signal } = setUp({ controlled: true, waiting: new FakeWorker() });
    await started;
    expect(signal.current()).toBeTypeOf('function');
  });

  it('switches only when applied: asks the waiting worker to take over, reloads once it has', async () => {
    const { started, signal, install, container, reload } = setUp({ controlled: true });
    await started;
    const worker = new FakeWorker();
    install(worker);
    worker.become('installed');
    expect(worker.posted).toEqual([]);
    signal.current()?.();
    expect(worker.posted).toEqual([{ type: 'skip-waiting' }]);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads on a controller change the user did not ask for (the first install claiming the page)', async () => {
    const { started, container, reload } = setUp({ controlled: false });
    await started;
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('looks for a new version when the tab is shown again', async () => {
    const { started, registration, show } = setUp({ controlled: true });
    await started;
    show();
    expect(registration.update).toHaveBeenCalledTimes(1);
  });

  it('in a second tab, Reload reloads at once when another tab already applied the update', async () => {
    const { started, signal, install, reload } = setUp({ controlled: true });
    await started;
    const worker = new FakeWorker();
    install(worker);
    worker.become('installed');
    const applyHere = signal.current();
    // Another tab applied it: the worker activated and took over every tab.
    worker.become('activating');
    worker.become('activated');
    applyHere?.();
    expect(worker.posted).toEqual([]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('hears the controller change another tab caused and offers Reload, without reloading by itself', async () => {
    const { started, signal, container, reload } = setUp({ controlled: true });
    await started;
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    signal.current()?.();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once when the waiting worker activates after Reload, even if the controller change came first', async () => {
    const { started, signal, install, container, reload } = setUp({ controlled: true });
    await started;
    const worker = new FakeWorker();
    install(worker);
    worker.become('installed');
    signal.current()?.();
    container.dispatchEvent(new Event('controllerchange'));
    worker.become('activated');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
