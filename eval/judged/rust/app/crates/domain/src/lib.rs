pub mod customer;
pub mod error;
pub mod invoice;
pub mod money;
pub mod payment;

pub use error::DomainError;
