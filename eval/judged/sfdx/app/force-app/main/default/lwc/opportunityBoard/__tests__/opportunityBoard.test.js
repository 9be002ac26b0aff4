import { createElement } from 'lwc';
import OpportunityBoard from 'c/opportunityBoard';

describe('c-opportunity-board', () => {
    it('renders a datatable', () => {
        const element = createElement('c-opportunity-board', { is: OpportunityBoard });
        document.body.appendChild(element);
        expect(element.shadowRoot.querySelector('lightning-datatable')).not.toBeNull();
    });
});
