DROP TABLE IF EXISTS invoice_sequences; DROP TABLE IF EXISTS invoice_lines; DROP TABLE IF EXISTS invoices;
