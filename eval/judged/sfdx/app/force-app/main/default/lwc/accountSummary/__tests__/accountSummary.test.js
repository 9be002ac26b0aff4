import { createElement } from 'lwc';
import AccountSummary from 'c/accountSummary';
import getOpenInvoices from '@salesforce/apex/InvoiceController.getOpenInvoices';

jest.mock('@salesforce/apex/InvoiceController.getOpenInvoices', () => {
    const { createApexTestWireAdapter } = require('@salesforce/sfdx-lwc-jest');
    return { default: createApexTestWireAdapter(jest.fn()) };
}, { virtual: true });

describe('c-account-summary', () => {
    afterEach(() => {
        while (document.body.firstChild) document.body.removeChild(document.body.firstChild);
    });

    it('shows the total of open invoices', async () => {
        const element = createElement('c-account-summary', { is: AccountSummary });
        document.body.appendChild(element);
        getOpenInvoices.emit([{ Id: 'a01', Amount__c: 100 }, { Id: 'a02', Amount__c: 50 }]);
        await Promise.resolve();
        const num = element.shadowRoot.querySelector('lightning-formatted-number');
        expect(num.value).toBe(150);
    });
});
