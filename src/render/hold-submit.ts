/**
 * A form in an `interaction` island sent before it hydrated (a click on its button was the visitor's first touch,
 * so hydration only began with it): the browser would post it as a plain form and leave the page. The submit is
 * held and made again once React has the form, so the form's own handler runs (its messages, its fetch); if the
 * island never hydrated (its module failed), the form is posted as it is and the server's answer page takes over.
 */
export function holdSubmitUntilHydrated(root: HTMLElement, hydrate: (root: HTMLElement) => Promise<void>): void {
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    root.removeEventListener('submit', onSubmit, true);
    if (root.hasAttribute('data-hydrated')) return;
    event.preventDefault();
    const { submitter } = event;
    void hydrate(root).then(() => {
      if (!form.isConnected) return;
      if (!root.hasAttribute('data-hydrated')) return form.submit();
      // A click, not requestSubmit: React may still hold the block's part of the island dehydrated (its Suspense
      // boundary hydrates after the island's root), and hydrates it at once for a click, not for a submit event.
      if (submitter?.isConnected) submitter.click();
      else form.requestSubmit();
    });
  };
  root.addEventListener('submit', onSubmit, true);
}
