/* global FormData, location, fetch */
// Posts each studio form as JSON (the server takes no other body), shows the server's message in the form's
// alert, and goes on to the form's next page when it succeeds. The setup secret travels from the link's fragment.
for (const form of document.querySelectorAll('form[data-json-action]')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const alert = form.querySelector('[role="alert"]');
    const button = form.querySelector('button[type="submit"]');
    const body = Object.fromEntries(new FormData(form));
    if (form.dataset.jsonAction === '/studio/api/setup') body.token = location.hash.slice(1);
    alert.textContent = '';
    button.disabled = true;
    try {
      const response = await fetch(form.dataset.jsonAction, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const answer = await response.json().catch(() => ({}));
      if (response.ok) {
        location.assign(form.dataset.next);
        return;
      }
      alert.textContent = answer.message ?? `The studio answered ${response.status}. Try again, or ask your admin.`;
    } catch {
      alert.textContent = 'The studio could not be reached. Check your connection and try again.';
    }
    button.disabled = false;
  });
}
