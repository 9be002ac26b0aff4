pub mod request_id;
