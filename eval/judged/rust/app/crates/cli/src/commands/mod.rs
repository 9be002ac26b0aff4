pub mod export;
pub mod migrate;
pub mod seed;
