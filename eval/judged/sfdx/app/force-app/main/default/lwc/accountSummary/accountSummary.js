import { LightningElement, api, wire } from 'lwc';
import getOpenInvoices from '@salesforce/apex/InvoiceController.getOpenInvoices';
import { getRecord, getFieldValue } from 'lightning/uiRecordApi';
import NAME_FIELD from '@salesforce/schema/Account.Name';

export default class AccountSummary extends LightningElement {
    @api recordId;

    @wire(getRecord, { recordId: '$recordId', fields: [NAME_FIELD] })
    account;

    @wire(getOpenInvoices, { accountId: '$recordId' })
    invoices;

    get accountName() {
        return getFieldValue(this.account.data, NAME_FIELD);
    }

    get totalOpen() {
        return (this.invoices.data || []).reduce((sum, inv) => sum + inv.Amount__c, 0);
    }
}
