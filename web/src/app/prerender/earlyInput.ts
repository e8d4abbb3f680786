/**
 * What a user typed or pressed on a pre-rendered page before the app had hydrated it.
 * Hydration keeps the page's elements, and so the text in its fields, but React's
 * state still holds what the build rendered (empty): the next render would put that
 * back, and a form sent would read it. So, once hydrated, every field the user changed
 * tells React its value as typing would, and the actions the boot script held back
 * (prerender/boot.ts) are done again. A user who types or clicks early loses nothing.
 */
import { takeEarlyActions } from './boot';

/** The element's own `value` setter, which React's change tracking does not see. */
function setValueUnseen(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype: object = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Reflect.set(prototype, 'value', value, field);
}

/** Run in the hydration's commit: each field whose value differs from the rendered one reports it to React. */
export function handOverEarlyInput(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      // Back to the rendered state where React sees it, then the user's press once more.
      field.checked = field.defaultChecked;
      field.click();
      continue;
    }
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    // React noted the typed text when it hydrated the field, so an input event alone would
    // look like no change: go back to the rendered value where React sees it, forward to
    // the typed one where it does not, and the input event then reports the difference.
    field.value = field.defaultValue;
    setValueUnseen(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** After the typed values are in React's state: the forms sent and buttons pressed before hydration. */
export function replayEarlyActions(): void {
  for (const action of takeEarlyActions()) {
    if (action.kind === 'submit') {
      if (!action.form.isConnected) continue;
      const submitter = action.submitter?.isConnected === true ? action.submitter : null;
      action.form.requestSubmit(submitter);
    } else if (action.button.isConnected) {
      action.button.click();
    }
  }
}

/** Marks the app's element once the app answers input (`data-hydrated`; e2e helpers and bench/web wait for it). */
export function markStarted(container: HTMLElement): void {
  container.dataset.hydrated = 'true';
  performance.mark('tandem:started');
}
