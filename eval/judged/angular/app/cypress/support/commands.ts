declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Cypress {
    interface Chainable { login(token?: string): Chainable<void>; }
  }
}

Cypress.Commands.add('login', (token = 'e2e-token') => {
  window.sessionStorage.setItem('lb_token', token);
});

export {};
