/**
 * Retries `assertion` until it passes or `timeoutMs` runs out, then rethrows its last failure:
 * for effects that happen asynchronously (projections following the log, workers).
 */
export async function expectEventually(assertion: () => unknown, { timeoutMs = 10_000, intervalMs = 25 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
