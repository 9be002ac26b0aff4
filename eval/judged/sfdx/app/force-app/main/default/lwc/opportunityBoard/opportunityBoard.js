import { LightningElement, wire } from 'lwc';
import { NavigationMixin } from 'lightning/navigation';
import { ShowToastEvent } from 'lightning/platformShowToastEvent';
import markPaid from '@salesforce/apex/InvoiceController.markPaid';

export default class OpportunityBoard extends NavigationMixin(LightningElement) {
    columns = [
        { label: 'Invoice', fieldName: 'Name' },
        { label: 'Amount', fieldName: 'Amount__c', type: 'currency' },
        { type: 'action', typeAttributes: { rowActions: [{ label: 'Mark paid', name: 'paid' }] } }
    ];
    rows = [];

    async handleRowAction(event) {
        const { row } = event.detail;
        try {
            await markPaid({ invoiceId: row.Id });
            this.dispatchEvent(new ShowToastEvent({ title: 'Paid', message: row.Name, variant: 'success' }));
        } catch (error) {
            this.dispatchEvent(new ShowToastEvent({ title: 'Error', message: error.body.message, variant: 'error' }));
        }
    }
}
