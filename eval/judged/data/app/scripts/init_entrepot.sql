create schema if not exists raw_sirene;
create schema if not exists raw_facturation;
create database airflow;
