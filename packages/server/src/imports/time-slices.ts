/**
 * For a long loop on the event loop (the plan of 10,000 rows): answers a promise to await once `sliceMs`
 * have passed since the last pause, so other requests are answered between slices; otherwise undefined
 * (awaiting it costs nothing).
 */
export function timeSlices(sliceMs = 20): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return new Promise((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
