import { describe, expect, it, vi } from 'vitest';
import { applyUpdate, watchForUpdate, type WorkerLike } from './worker-updates';

class FakeWorker extends EventTarget implements WorkerLike {
  messages: unknown[] = [];
  constructor(public state: string) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  findUpdate(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: unknown) {
    super();
  }
}

describe('watchForUpdate', () => {
  it('offers a worker that already waits', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker('installed');
    const offered = vi.fn();
    watchForUpdate(registration, new FakeContainer({}), offered);
    expect(offered).toHaveBeenCalledWith(registration.waiting);
  });

  it('offers a new version once it has installed, not before', () => {
    const registration = new FakeRegistration();
    const offered = vi.fn();
    watchForUpdate(registration, new FakeContainer({}), offered);
    const next = new FakeWorker('installing');
    registration.findUpdate(next);
    expect(offered).not.toHaveBeenCalled();
    registration.waiting = next;
    next.become('installed');
    expect(offered).toHaveBeenCalledWith(next);
  });

  it('offers nothing on the first install, when no worker controls the page yet', () => {
    const registration = new FakeRegistration();
    const offered = vi.fn();
    watchForUpdate(registration, new FakeContainer(null), offered);
    const first = new FakeWorker('installing');
    registration.findUpdate(first);
    first.become('installed');
    expect(offered).not.toHaveBeenCalled();
  });

  it('stops watching when asked', () => {
    const registration = new FakeRegistration();
    const offered = vi.fn();
    const stop = watchForUpdate(registration, new FakeContainer({}), offered);
    stop();
    const next = new FakeWorker('installing');
    registration.findUpdate(next);
    next.become('installed');
    expect(offered).not.toHaveBeenCalled();
  });
});

describe('applyUpdate', () => {
  it('asks the waiting worker to take over and reloads once it controls the page', () => {
    const worker = new FakeWorker('installed');
    const container = new FakeContainer({});
    const reload = vi.fn();
    applyUpdate(worker, container, reload);
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
