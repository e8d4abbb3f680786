/**
 * Which modal dialog is on top. While a `<dialog>` opened with `showModal()` is
 * up, everything outside it is inert and drawn under its backdrop, so a toast
 * raised meanwhile (a receipt's "See Transaction", "Copied") would be dimmed and
 * unclickable. The toaster therefore renders inside the topmost modal dialog.
 *
 * The browser keeps its top layer in opening order but does not expose it, so
 * the order is rebuilt from what was open before and what is open now.
 */

/** The open modals, oldest first: those still open keep their place, newly opened ones go on top (in document order). */
export function stackModals<T>(previous: readonly T[], open: readonly T[]): T[] {
  const stillOpen = previous.filter((item) => open.includes(item));
  const newlyOpen = open.filter((item) => !previous.includes(item));
  return [...stillOpen, ...newlyOpen];
}

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    // A browser without `:modal`: the app opens every dialog with showModal().
    return true;
  }
}

/**
 * Calls `onTop` with the topmost open modal dialog whenever it changes (null when
 * none is open; at first only if one already is); answers the function that stops watching.
 */
export function watchTopModal(document: Document, onTop: (top: HTMLDialogElement | null) => void): () => void {
  let stack: HTMLDialogElement[] = [];
  let top: HTMLDialogElement | null = null;
  const refresh = () => {
    const open = Array.from(document.querySelectorAll('dialog[open]')).filter(
      (element): element is HTMLDialogElement => element instanceof HTMLDialogElement && isModal(element),
    );
    stack = stackModals(stack, open);
    const next = stack.at(-1) ?? null;
    if (next !== top) {
      top = next;
      onTop(top);
    }
  };
  const observer = new MutationObserver(refresh);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  refresh();
  return () => {
    observer.disconnect();
  };
}
