import { lazy, Suspense, useEffect } from 'react';
import { loadToastify, markToastContainerMounted, useToastsWanted, wantToasts } from '../lib/toast.ts';

/** react-toastify's container (5 s, top-right), downloaded after the page is up or on the first toast. */
const Container = lazy(async () => {
  const { ToastContainer } = await loadToastify();
  function MountedContainer() {
    useEffect(() => markToastContainerMounted(), []);
    return <ToastContainer position="top-right" autoClose={5000} newestOnTop />;
  }
  return { default: MountedContainer };
});

/** The toast area of every page. */
export function Toasts() {
  const wanted = useToastsWanted();
  useEffect(() => {
    // Fetch it while the browser is idle, so the first toast appears at once.
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => wantToasts(), { timeout: 3000 });
    return () => cancel(id);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  );
}
