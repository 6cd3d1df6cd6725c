// Swagger UI on the mock's own spec, with one click to sign in as the demo
// account: the token goes into Swagger UI's authorization, never onto the page.
/* global SwaggerUIBundle */
const ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  displayOperationId: true,
  filter: true,
  tryItOutEnabled: true,
  persistAuthorization: false,
  presets: [SwaggerUIBundle.presets.apis],
});
window.ui = ui;

const button = document.getElementById('mcs-signin');
const status = document.getElementById('mcs-status');

button.addEventListener('click', async () => {
  button.disabled = true;
  status.textContent = 'Signing in…';
  try {
    const accounts = await (await fetch('/__mock/accounts')).json();
    const demo = accounts.accounts[0];
    const res = await fetch('/api/v1/user/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', platform: 'WEB' },
      body: JSON.stringify({ email: demo.email, password: demo.password, device_token: '', platform: 'WEB' }),
    });
    const body = await res.json();
    const token = body?.data?.api_token;
    if (!res.ok || !token) throw new Error(body.message || `sign-in answered ${res.status}`);
    ui.preauthorizeApiKey('apiToken', token);
    status.textContent = `Signed in as ${demo.email}: "Try it out" sends the token.`;
  } catch (err) {
    status.textContent = `Sign-in failed: ${err.message}`;
  } finally {
    button.disabled = false;
  }
});
