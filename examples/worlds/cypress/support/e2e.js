// Every request the app under test sends to the mock names this run's world:
// cy.intercept adds X-Mock-World on the way out (the browser sends no preflight
// for it). Each spec starts from the world's seed. A spec's own cy.request
// calls to the mock pass the header themselves, as the reset below does.
const mock = Cypress.env('MOCK_URL');
const world = Cypress.env('MOCK_WORLD');

before(() => {
  cy.request({ method: 'POST', url: `${mock}/__mock/reset`, headers: { 'x-mock-world': world }, body: {} });
});

beforeEach(() => {
  cy.intercept(`${mock}/**`, (req) => {
    req.headers['x-mock-world'] = world;
  });
});
