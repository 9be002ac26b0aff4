describe('Shipments', () => {
  beforeEach(() => {
    window.sessionStorage.setItem('lb_token', 'e2e-token');
    cy.intercept('GET', '/api/v1/shipments*', { fixture: 'shipments.json' }).as('list');
  });

  it('lists shipments and opens one', () => {
    cy.visit('/shipments');
    cy.wait('@list');
    cy.get('table tr.mat-mdc-row').should('have.length', 2);
    cy.contains('a', 'LB-1001').click();
    cy.url().should('include', '/shipments/s1');
  });
});
