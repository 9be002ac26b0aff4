pub mod customers;
pub mod invoices;
pub mod payments;
