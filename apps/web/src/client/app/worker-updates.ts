// The update flow of the installed app (issue 27): a new service worker installs beside the running one
// and waits; the open page shows "A new version is available — Reload"; on the reader's consent it tells
// the waiting worker to take over (SKIP_WAITING) and reloads once, when the new worker controls the page.
import { SKIP_WAITING_MESSAGE } from '../../sw/offline-caches';

/** The parts of a ServiceWorker used here. */
export interface WorkerLike extends EventTarget {
  state: string;
  postMessage(message: unknown): void;
}

/** The parts of a ServiceWorkerRegistration used here. */
export interface RegistrationLike extends EventTarget {
  waiting: WorkerLike | null;
  installing: WorkerLike | null;
}

/** The parts of navigator.serviceWorker used here. */
export interface ContainerLike extends EventTarget {
  controller: unknown;
}

/**
 * Calls `onWaiting` with a worker that has installed and waits to replace the one controlling the page:
 * at once when one already waits, or when an update found later finishes installing. A first install
 * (no controller yet) is not an update. Returns a function that stops watching.
 */
export function watchForUpdate(
  registration: RegistrationLike,
  container: ContainerLike,
  onWaiting: (worker: WorkerLike) => void,
): () => void {
  const offer = (worker: WorkerLike | null) => {
    if (worker && container.controller) onWaiting(worker);
  };
  offer(registration.waiting);
  const watched: Array<() => void> = [];
  const onUpdateFound = () => {
    const worker = registration.installing;
    if (!worker) return;
    const onState = () => {
      if (worker.state === 'installed') offer(registration.waiting ?? worker);
    };
    worker.addEventListener('statechange', onState);
    watched.push(() => worker.removeEventListener('statechange', onState));
  };
  registration.addEventListener('updatefound', onUpdateFound);
  return () => {
    registration.removeEventListener('updatefound', onUpdateFound);
    for (const stop of watched) stop();
  };
}

/** The reader accepted: the waiting worker takes over, and the page reloads once it controls it. */
export function applyUpdate(worker: WorkerLike, container: ContainerLike, reload: () => void): void {
  let reloaded = false;
  container.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  });
  worker.postMessage(SKIP_WAITING_MESSAGE);
}
