use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::{money::Money, DomainError};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InvoiceStatus {
    Draft,
    Issued,
    Paid,
    Void,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct InvoiceLine {
    pub description: String,
    pub quantity: i32,
    pub unit_price: Decimal,
    pub vat_rate: Decimal,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Invoice {
    pub id: Uuid,
    pub customer_id: Uuid,
    pub number: String,
    pub status: InvoiceStatus,
    pub currency: String,
    pub lines: Vec<InvoiceLine>,
    pub issued_at: Option<DateTime<Utc>>,
    pub due_at: Option<DateTime<Utc>>,
}

impl Invoice {
    pub fn total(&self) -> Money {
        let amount = self
            .lines
            .iter()
            .map(|l| l.unit_price * Decimal::from(l.quantity) * (Decimal::ONE + l.vat_rate))
            .sum();
        Money::new(amount, self.currency.clone())
    }

    pub fn issue(&mut self, now: DateTime<Utc>) -> Result<(), DomainError> {
        if self.status != InvoiceStatus::Draft {
            return Err(DomainError::InvalidTransition(self.id, "non-draft", "issued"));
        }
        if self.lines.is_empty() {
            return Err(DomainError::EmptyInvoice);
        }
        self.status = InvoiceStatus::Issued;
        self.issued_at = Some(now);
        self.due_at = Some(now + chrono::Duration::days(30));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_invoice_cannot_be_issued() {
        let mut inv = Invoice {
            id: Uuid::new_v4(),
            customer_id: Uuid::new_v4(),
            number: "2024-0001".into(),
            status: InvoiceStatus::Draft,
            currency: "EUR".into(),
            lines: vec![],
            issued_at: None,
            due_at: None,
        };
        assert_eq!(inv.issue(Utc::now()), Err(DomainError::EmptyInvoice));
    }
}
