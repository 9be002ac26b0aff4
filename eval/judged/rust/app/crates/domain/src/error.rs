use thiserror::Error;

#[derive(Debug, Error, PartialEq)]
pub enum DomainError {
    #[error("invoice {0} cannot transition from {1} to {2}")]
    InvalidTransition(uuid::Uuid, &'static str, &'static str),
    #[error("invoice has no lines")]
    EmptyInvoice,
    #[error("currency mismatch: {0} vs {1}")]
    CurrencyMismatch(String, String),
    #[error("quantity must be positive")]
    NonPositiveQuantity,
}
